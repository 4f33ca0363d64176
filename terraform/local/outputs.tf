output "hosts" {
  description = "Inventory host name => the container's address on the fleet bridge."
  value       = { for name, h in local.hosts : name => h.address }
}

output "inventory_file" {
  description = "The Ansible inventory this apply wrote."
  value       = local.inventory_file
}
