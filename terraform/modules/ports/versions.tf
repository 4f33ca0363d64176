terraform {
  # Cross-variable references in validation blocks need Terraform 1.9 or newer.
  required_version = ">= 1.9.0, < 2.0.0"

  # No providers on purpose: this module is pure logic so `terraform test` runs it offline.
}
