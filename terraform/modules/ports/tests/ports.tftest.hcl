# Offline tests of the ports between the roles: `terraform init && terraform test` in this module
# (terraform/tests/run.sh). The root's security group rules take their for_each from these maps.

variables {
  topology = "split3"
}

run "mariadb_opens_3306_and_redis_from_the_app_host_never_5432" {
  command = plan

  assert {
    condition     = { for k, v in output.app_to_db : k => v.port } == { mysql = 3306, redis = 6379 }
    error_message = "split3 with mariadb: the app host must reach 3306 and 6379 on the db host, nothing else."
  }
  assert {
    condition     = { for k, v in output.exporters : k => v.port } == { node = 9100, mysqld = 9104 }
    error_message = "With mariadb Prometheus scrapes node_exporter and mysqld_exporter."
  }
  assert {
    condition     = length(output.db_to_db) == 0
    error_message = "Without db_replica nothing is open between the db hosts."
  }
}

run "postgres_opens_5432_and_redis_from_the_app_host_never_3306" {
  command = plan

  variables {
    database = "postgres"
  }

  assert {
    condition     = { for k, v in output.app_to_db : k => v.port } == { postgres = 5432, redis = 6379 }
    error_message = "split3 with postgres: the app host must reach 5432 and 6379 on the db host, not 3306."
  }
  assert {
    condition     = { for k, v in output.exporters : k => v.port } == { node = 9100 }
    error_message = "With postgres no mysqld_exporter runs: 9104 stays closed."
  }
}

run "the_db_host_is_the_app_host_in_split_and_single" {
  command = plan

  variables {
    topology = "split"
    database = "postgres"
  }

  assert {
    condition     = length(output.app_to_db) == 0 && length(output.db_to_db) == 0
    error_message = "In split the database is on the app host (loopback): no database port between hosts."
  }
  assert {
    condition     = contains(keys(output.bench_to_app), "http") && contains(keys(output.exporters), "node")
    error_message = "In split the bench hosts still reach the app host, and Prometheus the exporters."
  }
}

run "single_opens_nothing_between_hosts" {
  command = plan

  variables {
    topology = "single"
  }

  assert {
    condition     = length(output.bench_to_app) == 0 && length(output.app_to_db) == 0 && length(output.db_to_db) == 0 && length(output.exporters) == 0
    error_message = "In single every role is on one host: no port between hosts."
  }
  assert {
    condition     = { for k, v in output.monitoring_ui : k => v.port } == { grafana = 3000, prometheus = 9090 }
    error_message = "Grafana and Prometheus are reachable from the operator in every topology."
  }
}

run "duets_open_the_second_app_ports" {
  command = plan

  assert {
    condition     = { for k, v in output.bench_to_app : k => v.port } == { http = 8080, management = 8081, ssh = 22, "second-http" = 8082, "second-management" = 8083 }
    error_message = "With duets (the default) the bench hosts reach both apps' ports and SSH."
  }
}

run "solo_only_closes_the_second_app_ports" {
  command = plan

  variables {
    duets = false
  }

  assert {
    condition     = { for k, v in output.bench_to_app : k => v.port } == { http = 8080, management = 8081, ssh = 22 }
    error_message = "Without duets only the first app's ports and SSH."
  }
}

run "a_mariadb_replica_replicates_over_3306" {
  command = plan

  variables {
    db_replica = true
  }

  assert {
    condition     = { for k, v in output.db_to_db : k => v.port } == { mysql = 3306 }
    error_message = "db_replica with mariadb: 3306 between the db hosts."
  }
}

run "rejects_a_postgres_replica" {
  command = plan

  variables {
    database   = "postgres"
    db_replica = true
  }

  expect_failures = [var.db_replica]
}

run "rejects_an_unknown_database" {
  command = plan

  variables {
    database = "mysql"
  }

  expect_failures = [var.database]
}
