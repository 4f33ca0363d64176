# The local target: the same hosts as topology split3 (db, app, bench each separate), made on
# this machine by ./poolbench fleet (systemd-nspawn containers, fleet/README.md) instead of
# AWS, and the same inventory module writing ansible/inventories/fleet/hosts.yml.
# Built-in resources only (terraform_data): no provider is downloaded. Run as root:
#   cd terraform/local && terraform init && terraform apply && terraform destroy

terraform {
  required_version = ">= 1.9.0, < 2.0.0"
}

locals {
  repo_dir = abspath("${path.module}/../..")

  # Inventory name => fleet host name and address; the inventory names follow the AWS root's.
  hosts = merge(
    {
      "${var.name}-db"  = { fleet = "db", address = cidrhost(var.subnet, 10), groups = ["db"] }
      "${var.name}-app" = { fleet = "app", address = cidrhost(var.subnet, 11), groups = ["app"] }
    },
    # The second duet lane's hosts (lanes = 2), after the first in each group: bench.yml takes
    # groups['app'][1] and groups['db'][1] for lane 1.
    var.lanes == 2 ? {
      "${var.name}-db-2"  = { fleet = "db-2", address = cidrhost(var.subnet, 12), groups = ["db"] }
      "${var.name}-app-2" = { fleet = "app-2", address = cidrhost(var.subnet, 13), groups = ["app"] }
    } : {},
    # A replica of the first db host (db_replica = true): faults.yml's failover promotes it.
    var.db_replica ? {
      "${var.name}-db-2" = { fleet = "db-2", address = cidrhost(var.subnet, 12), groups = ["db"] }
    } : {},
    { for i in range(var.bench_count) : "${var.name}-bench-${i + 1}" => {
      fleet = "bench-${i + 1}", address = cidrhost(var.subnet, 21 + i), groups = ["bench"]
    } },
  )
  fleet_args = join(" ", [for name, h in local.hosts : "${h.fleet}=${h.address}"])

  inventory_hosts = {
    for name, h in local.hosts : name => { name = name, public_ip = h.address, private_ip = h.address }
  }
  inventory_file = "${local.repo_dir}/ansible/inventories/fleet/hosts.yml"
}

# The hosts: `fleet up` on create (idempotent: an up fleet with these hosts is left alone),
# `fleet down` on destroy. A change of hosts replaces the fleet.
resource "terraform_data" "fleet" {
  triggers_replace = local.fleet_args
  input            = { repo_dir = local.repo_dir }

  provisioner "local-exec" {
    command = "${local.repo_dir}/poolbench fleet up ${local.fleet_args}"
  }

  provisioner "local-exec" {
    when    = destroy
    command = "${self.input.repo_dir}/poolbench fleet down"
  }
}

module "inventory" {
  source = "../modules/inventory"

  topology   = "split3"
  ssh_user   = "admin" # the fleet's user, as on Debian's cloud images
  db_replica = var.db_replica

  db_hosts    = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "db")]
  app_hosts   = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "app")]
  bench_hosts = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "bench")]
}

# The inventory file, written by a shell (no hashicorp/local provider offline); removed on destroy.
resource "terraform_data" "inventory" {
  triggers_replace = module.inventory.inventory_yaml
  input            = { file = local.inventory_file }

  provisioner "local-exec" {
    command     = "printf '%s' \"$INVENTORY\" >'${local.inventory_file}'"
    environment = { INVENTORY = module.inventory.inventory_yaml }
  }

  provisioner "local-exec" {
    when    = destroy
    command = "rm -f '${self.input.file}'"
  }

  depends_on = [terraform_data.fleet]
}
