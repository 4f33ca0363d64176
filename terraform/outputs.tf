output "hosts" {
  description = "Every host by inventory name: id, instance type, inventory groups, public and private IPv4 address."
  value = {
    for name, instance in aws_instance.this : name => {
      id            = instance.id
      instance_type = instance.instance_type
      groups        = local.hosts[name].groups
      public_ip     = instance.public_ip
      private_ip    = instance.private_ip
    }
  }
}

output "public_ips" {
  description = "Public IPv4 address of each host by inventory name (what Ansible connects to)."
  value       = { for name, instance in aws_instance.this : name => instance.public_ip }
}

output "private_ips" {
  description = "Private IPv4 address of each host by inventory name (what the hosts use to reach each other)."
  value       = { for name, instance in aws_instance.this : name => instance.private_ip }
}

output "ssh_commands" {
  description = "An SSH command per host, to check access before running Ansible (add -i with your private key if it is not the default)."
  value       = { for name, instance in aws_instance.this : name => "ssh ${local.ssh_user}@${instance.public_ip}" }
}

output "grafana_url" {
  description = "Grafana on the monitoring host (reachable from monitoring_allowed_cidrs; user admin, password in ansible/inventories/terraform/credentials/grafana-admin-password after site.yml), or null without monitoring."
  value       = var.monitoring ? "http://${aws_instance.this[local.monitoring_host].public_ip}:${module.ports.monitoring_ui.grafana.port}" : null
}

output "prometheus_url" {
  description = "Prometheus on the monitoring host (reachable from monitoring_allowed_cidrs; no login), or null without monitoring."
  value       = var.monitoring ? "http://${aws_instance.this[local.monitoring_host].public_ip}:${module.ports.monitoring_ui.prometheus.port}" : null
}

output "inventory_groups" {
  description = "Host names per Ansible group: db, app, bench, monitoring."
  value       = module.inventory.groups
}

output "inventory_yaml" {
  description = "The rendered Ansible inventory (the content of ansible/inventories/terraform/hosts.yml)."
  value       = module.inventory.inventory_yaml
}

output "inventory_path" {
  description = "Path of the written inventory file, or null when write_inventory_file is false."
  value       = var.write_inventory_file ? abspath(local_file.inventory[0].filename) : null
}

output "ami_id" {
  description = "ID and name of the image (var.image) the hosts were created from."
  value       = "${data.aws_ami.this.id} (${data.aws_ami.this.name})"
}

output "vpc_id" {
  description = "ID of the VPC the hosts are in (created, or the one of existing_subnet_id)."
  value       = local.vpc_id
}

output "subnet_id" {
  description = "ID of the subnet the hosts are in."
  value       = local.subnet_id
}

output "security_group_ids" {
  description = "IDs of the security groups by role (app, bench and db exist only when those roles are on separate hosts)."
  value = {
    ssh        = aws_security_group.ssh.id
    app        = try(aws_security_group.app[0].id, null)
    bench      = try(aws_security_group.bench[0].id, null)
    db         = try(aws_security_group.db[0].id, null)
    monitoring = try(aws_security_group.monitoring[0].id, null)
    exporters  = try(aws_security_group.exporters[0].id, null)
  }
}
