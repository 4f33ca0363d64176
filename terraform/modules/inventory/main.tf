locals {
  # Every host once, by name; a host in several groups is listed once with its variables.
  all_hosts = { for h in concat(var.db_hosts, var.app_hosts, var.bench_hosts) : h.name => h... }

  host_vars = {
    for name, entries in local.all_hosts : name => {
      ansible_host         = entries[0].public_ip
      ansible_user         = var.ssh_user
      poolbench_private_ip = coalesce(entries[0].private_ip, entries[0].public_ip)
    }
  }

  # `monitoring` only when asked for: without it the playbooks install no monitoring at all.
  groups = merge(
    {
      db    = [for h in var.db_hosts : h.name]
      app   = [for h in var.app_hosts : h.name]
      bench = [for h in var.bench_hosts : h.name]
      # Redis for the app's HTTP sessions (POOLBENCH_SESSION_STORE=redis) runs on the db host.
      # (the first db host only: the second lane's db host, lanes = 2, serves MySQL alone).
      redis = [var.db_hosts[0].name]
    },
    length(var.monitoring_hosts) > 0 ? { monitoring = [for h in var.monitoring_hosts : h.name] } : {},
  )

  # Ansible YAML inventory: variables once under all.hosts, group membership under children.
  inventory = {
    all = {
      vars = merge(
        { poolbench_topology = var.topology },
        # The AWS root's var.database: the playbooks' choice of server, the one the ports were opened for.
        var.database != null ? { poolbench_database = var.database } : {},
        # The mysql role's replication (faults.yml's failover): the first db host is the primary.
        var.db_replica ? { poolbench_mysql_primary = var.db_hosts[0].name } : {},
      )
      hosts = local.host_vars
      children = {
        for group, names in local.groups : group => {
          hosts = { for name in names : name => {} }
        }
      }
    }
  }
}
