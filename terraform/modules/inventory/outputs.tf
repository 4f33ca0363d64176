output "inventory" {
  description = "The inventory as a structured map (all.vars, all.hosts with host variables, all.children.<group>.hosts)."
  value       = local.inventory
}

output "inventory_yaml" {
  description = "The inventory rendered as Ansible YAML (what Terraform writes to ansible/inventories/terraform/hosts.yml)."
  value       = "# Written by Terraform (terraform/modules/inventory); changes are overwritten by the next apply.\n${yamlencode(local.inventory)}"
}

output "groups" {
  description = "Host names per group: db, app, bench, and monitoring when it has a host."
  value       = local.groups
}

output "host_vars" {
  description = "Host variables per host name: ansible_host, ansible_user, poolbench_private_ip."
  value       = local.host_vars
}
