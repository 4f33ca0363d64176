# Offline tests of the inventory rendering: `terraform init && terraform test` in this module.

variables {
  topology  = "split3"
  db_hosts  = [{ name = "pb-db", public_ip = "198.51.100.10", private_ip = "10.42.1.10" }]
  app_hosts = [{ name = "pb-app", public_ip = "198.51.100.11", private_ip = "10.42.1.11" }]
  bench_hosts = [
    { name = "pb-bench-1", public_ip = "198.51.100.21", private_ip = "10.42.1.21" },
    { name = "pb-bench-2", public_ip = "198.51.100.22", private_ip = "10.42.1.22" },
  ]
}

run "single_puts_every_group_on_one_host" {
  command = plan

  variables {
    topology    = "single"
    db_hosts    = [{ name = "pb-single", public_ip = "198.51.100.5", private_ip = "10.42.1.5" }]
    app_hosts   = [{ name = "pb-single", public_ip = "198.51.100.5", private_ip = "10.42.1.5" }]
    bench_hosts = [{ name = "pb-single", public_ip = "198.51.100.5", private_ip = "10.42.1.5" }]
  }

  assert {
    condition     = output.groups == { db = ["pb-single"], app = ["pb-single"], bench = ["pb-single"], redis = ["pb-single"] }
    error_message = "In single the one host must be in db, app and bench."
  }
  assert {
    condition     = keys(output.host_vars) == ["pb-single"]
    error_message = "In single the inventory must define exactly one host."
  }
  assert {
    condition = output.host_vars["pb-single"] == {
      ansible_host         = "198.51.100.5"
      ansible_user         = "ubuntu"
      poolbench_private_ip = "10.42.1.5"
    }
    error_message = "Host variables of the single host are wrong."
  }
  assert {
    condition     = yamldecode(output.inventory_yaml).all.children.bench.hosts == { "pb-single" = {} }
    error_message = "The YAML must list the single host in the bench group."
  }
  assert {
    condition     = yamldecode(output.inventory_yaml).all.vars.poolbench_topology == "single"
    error_message = "The YAML must carry the topology in all.vars."
  }
}

run "split_shares_db_and_app_and_separates_three_bench_hosts" {
  command = plan

  variables {
    topology  = "split"
    db_hosts  = [{ name = "pb-app", public_ip = "198.51.100.11", private_ip = "10.42.1.11" }]
    app_hosts = [{ name = "pb-app", public_ip = "198.51.100.11", private_ip = "10.42.1.11" }]
    bench_hosts = [
      { name = "pb-bench-1", public_ip = "198.51.100.21", private_ip = "10.42.1.21" },
      { name = "pb-bench-2", public_ip = "198.51.100.22", private_ip = "10.42.1.22" },
      { name = "pb-bench-3", public_ip = "198.51.100.23", private_ip = "10.42.1.23" },
    ]
  }

  assert {
    condition     = output.groups.db == ["pb-app"] && output.groups.app == ["pb-app"]
    error_message = "In split the app host must also be the db host."
  }
  assert {
    condition     = output.groups.bench == ["pb-bench-1", "pb-bench-2", "pb-bench-3"]
    error_message = "In split all three bench hosts must be in the bench group, in order."
  }
  assert {
    condition     = length(output.host_vars) == 4
    error_message = "In split with three bench hosts the inventory must define four hosts."
  }
  assert {
    condition     = !contains(keys(yamldecode(output.inventory_yaml).all.children.app.hosts), "pb-bench-1")
    error_message = "A bench host must not be in the app group."
  }
  assert {
    condition     = output.host_vars["pb-bench-3"].poolbench_private_ip == "10.42.1.23" && output.host_vars["pb-bench-3"].ansible_host == "198.51.100.23"
    error_message = "Host variables of pb-bench-3 are wrong."
  }
}

run "split3_separates_every_role_with_two_bench_hosts" {
  command = plan

  assert {
    condition     = output.groups == { db = ["pb-db"], app = ["pb-app"], bench = ["pb-bench-1", "pb-bench-2"], redis = ["pb-db"] }
    error_message = "In split3 db, app and bench must be different hosts."
  }
  assert {
    condition     = keys(output.host_vars) == ["pb-app", "pb-bench-1", "pb-bench-2", "pb-db"]
    error_message = "In split3 with two bench hosts the inventory must define four hosts."
  }
  assert {
    condition = output.host_vars["pb-db"] == {
      ansible_host         = "198.51.100.10"
      ansible_user         = "ubuntu"
      poolbench_private_ip = "10.42.1.10"
    }
    error_message = "Host variables of the db host are wrong."
  }
  assert {
    condition     = yamldecode(output.inventory_yaml) == output.inventory
    error_message = "The YAML must decode to the structured inventory."
  }
  assert {
    condition     = startswith(output.inventory_yaml, "# Written by Terraform")
    error_message = "The YAML must start with the generated-file comment."
  }
  assert {
    condition     = yamldecode(output.inventory_yaml).all.hosts["pb-bench-2"].ansible_user == "ubuntu"
    error_message = "Every host must get ansible_user ubuntu by default."
  }
}

run "private_ip_defaults_to_public_ip_and_ssh_user_is_configurable" {
  command = plan

  variables {
    ssh_user    = "admin"
    db_hosts    = [{ name = "pb-db", public_ip = "203.0.113.10" }]
    bench_hosts = [{ name = "pb-bench-1", public_ip = "203.0.113.21", private_ip = null }]
  }

  assert {
    condition     = output.host_vars["pb-db"].poolbench_private_ip == "203.0.113.10"
    error_message = "Without private_ip, poolbench_private_ip must default to the public address."
  }
  assert {
    condition     = output.host_vars["pb-bench-1"].poolbench_private_ip == "203.0.113.21"
    error_message = "With private_ip = null, poolbench_private_ip must default to the public address."
  }
  assert {
    condition     = alltrue([for h in values(output.host_vars) : h.ansible_user == "admin"])
    error_message = "ssh_user must become ansible_user of every host."
  }
}

# Bad inputs: each is rejected by the validation of the variable named in expect_failures.

run "rejects_unknown_topology" {
  command = plan

  variables {
    topology = "triple"
  }

  expect_failures = [var.topology]
}

run "rejects_empty_db_host_list" {
  command = plan

  variables {
    db_hosts = []
  }

  expect_failures = [var.db_hosts]
}

run "rejects_empty_bench_host_list" {
  command = plan

  variables {
    bench_hosts = []
  }

  expect_failures = [var.bench_hosts]
}

run "rejects_two_app_hosts" {
  command = plan

  variables {
    app_hosts = [
      { name = "pb-app", public_ip = "198.51.100.11" },
      { name = "pb-app-2", public_ip = "198.51.100.12" },
    ]
  }

  expect_failures = [var.app_hosts]
}

run "split3_takes_an_app_and_a_db_host_per_duet_lane" {
  command = plan

  variables {
    db_hosts  = [{ name = "pb-db", public_ip = "198.51.100.10" }, { name = "pb-db-2", public_ip = "198.51.100.12" }]
    app_hosts = [{ name = "pb-app", public_ip = "198.51.100.11" }, { name = "pb-app-2", public_ip = "198.51.100.13" }]
  }

  assert {
    condition = output.groups == {
      db = ["pb-db", "pb-db-2"], app = ["pb-app", "pb-app-2"], bench = ["pb-bench-1", "pb-bench-2"], redis = ["pb-db"]
    }
    error_message = "Two lanes: both db and both app hosts in their groups, in order (bench.yml's lane 1 is the second), Redis on the first db host only."
  }
}

run "rejects_two_lanes_outside_split3" {
  command = plan

  variables {
    topology  = "split"
    db_hosts  = [{ name = "pb-db", public_ip = "198.51.100.10" }, { name = "pb-db-2", public_ip = "198.51.100.12" }]
    app_hosts = [{ name = "pb-db", public_ip = "198.51.100.10" }, { name = "pb-db-2", public_ip = "198.51.100.12" }]
  }

  expect_failures = [var.db_hosts]
}

run "rejects_several_bench_hosts_in_single" {
  command = plan

  variables {
    topology  = "single"
    db_hosts  = [{ name = "pb-single", public_ip = "198.51.100.5" }]
    app_hosts = [{ name = "pb-single", public_ip = "198.51.100.5" }]
    bench_hosts = [
      { name = "pb-single", public_ip = "198.51.100.5" },
      { name = "pb-bench-2", public_ip = "198.51.100.22" },
    ]
  }

  expect_failures = [var.bench_hosts]
}

run "rejects_separate_db_host_in_split" {
  command = plan

  variables {
    topology = "split"
  }

  expect_failures = [var.app_hosts]
}

run "rejects_shared_db_and_app_host_in_split3" {
  command = plan

  variables {
    db_hosts = [{ name = "pb-app", public_ip = "198.51.100.11", private_ip = "10.42.1.11" }]
  }

  expect_failures = [var.app_hosts]
}

run "rejects_bench_on_the_app_host_in_split" {
  command = plan

  variables {
    topology    = "split"
    db_hosts    = [{ name = "pb-app", public_ip = "198.51.100.11" }]
    app_hosts   = [{ name = "pb-app", public_ip = "198.51.100.11" }]
    bench_hosts = [{ name = "pb-app", public_ip = "198.51.100.11" }]
  }

  expect_failures = [var.bench_hosts]
}

run "rejects_duplicate_bench_names" {
  command = plan

  variables {
    bench_hosts = [
      { name = "pb-bench-1", public_ip = "198.51.100.21" },
      { name = "pb-bench-1", public_ip = "198.51.100.22" },
    ]
  }

  expect_failures = [var.bench_hosts]
}

run "rejects_host_without_public_ip" {
  command = plan

  variables {
    app_hosts = [{ name = "pb-app", public_ip = "" }]
  }

  expect_failures = [var.app_hosts]
}

run "monitoring_group_is_the_first_bench_host_when_given" {
  command = plan

  variables {
    monitoring_hosts = [{ name = "pb-bench-1", public_ip = "198.51.100.21", private_ip = "10.42.1.21" }]
  }

  assert {
    condition     = output.groups.monitoring == ["pb-bench-1"]
    error_message = "The monitoring group must hold the host given."
  }
  assert {
    condition     = output.inventory.all.children.monitoring.hosts == { "pb-bench-1" = {} }
    error_message = "The inventory must list the monitoring group under children."
  }
  assert {
    condition     = length(keys(output.host_vars)) == 4
    error_message = "The monitoring host is one of the others, not a fifth host."
  }
}

run "rejects_a_monitoring_host_that_is_not_one_of_the_hosts" {
  command = plan

  variables {
    monitoring_hosts = [{ name = "pb-elsewhere", public_ip = "198.51.100.99" }]
  }

  expect_failures = [var.monitoring_hosts]
}

run "db_replica_adds_a_second_db_host_and_names_the_primary" {
  command = plan

  variables {
    db_replica = true
    db_hosts = [
      { name = "pb-db", public_ip = "198.51.100.10", private_ip = "10.42.1.10" },
      { name = "pb-db-2", public_ip = "198.51.100.12", private_ip = "10.42.1.12" },
    ]
  }

  assert {
    condition     = output.groups.db == ["pb-db", "pb-db-2"] && output.groups.app == ["pb-app"] && output.groups.redis == ["pb-db"]
    error_message = "With db_replica both db hosts are in db, the one app host in app, Redis on the primary."
  }
  assert {
    condition     = output.inventory.all.vars.poolbench_mysql_primary == "pb-db"
    error_message = "With db_replica all.vars must name the first db host as the primary."
  }
}

run "without_db_replica_no_primary_is_named" {
  command = plan

  assert {
    condition     = !contains(keys(output.inventory.all.vars), "poolbench_mysql_primary")
    error_message = "Without db_replica the inventory must not name a primary (the default path has no replication)."
  }
}

run "rejects_two_db_hosts_and_one_app_host_without_db_replica" {
  command = plan

  variables {
    db_hosts = [
      { name = "pb-db", public_ip = "198.51.100.10" },
      { name = "pb-db-2", public_ip = "198.51.100.12" },
    ]
  }

  expect_failures = [var.app_hosts]
}

run "rejects_db_replica_with_one_db_host" {
  command = plan

  variables {
    db_replica = true
  }

  expect_failures = [var.db_replica]
}

run "the_database_is_written_to_all_vars_when_given" {
  command = plan

  variables {
    database = "postgres"
  }

  assert {
    condition     = yamldecode(output.inventory_yaml).all.vars.poolbench_database == "postgres"
    error_message = "The AWS root's database must reach the playbooks as all.vars.poolbench_database."
  }
}

run "without_a_database_the_inventory_names_none" {
  command = plan

  assert {
    condition     = !contains(keys(yamldecode(output.inventory_yaml).all.vars), "poolbench_database")
    error_message = "Without database (the local fleet) the inventory must leave poolbench_database to its group_vars and -e."
  }
}

run "rejects_an_unknown_database" {
  command = plan

  variables {
    database = "oracle"
  }

  expect_failures = [var.database]
}
