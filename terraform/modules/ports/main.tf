# The ports the security groups open between the roles (docs/architecture.md), by topology and
# database: pure logic, no provider, so `terraform test` checks them offline. Each map is
# name => { port, label }; empty where the roles share a host (loopback).

locals {
  separate_bench = var.topology != "single"
  separate_db    = var.topology == "split3"

  database_port = {
    mariadb  = { mysql = { port = 3306, label = "MySQL" } }
    postgres = { postgres = { port = 5432, label = "PostgreSQL" } }
  }[var.database]

  # The bench hosts: the app's HTTP and management ports (with duets the second app's, + 2:
  # ansible's poolbench_app_second_port, the runner's --second-app-url default), and SSH on the
  # app and db hosts, where the runner's key runs one command only.
  bench_to_app = local.separate_bench ? merge(
    {
      http       = { port = 8080, label = "HTTP" }
      management = { port = 8081, label = "management" }
      ssh        = { port = 22, label = "SSH" }
    },
    var.duets ? {
      "second-http"       = { port = 8082, label = "second HTTP" }
      "second-management" = { port = 8083, label = "second management" }
    } : {},
  ) : {}

  # The app host: the database's port only (3306 or 5432), and Redis for the HTTP sessions, which
  # the db host also runs.
  app_to_db = local.separate_db ? merge(local.database_port, { redis = { port = 6379, label = "Redis (HTTP sessions)" } }) : {}

  # A primary and its replica: the replica reads the binary log over MySQL's port, and after a
  # failover the old primary replicates the promoted one.
  db_to_db = var.db_replica ? local.database_port : {}

  # Prometheus to node_exporter on every other host, and to mysqld_exporter (MariaDB only).
  exporters = var.monitoring && local.separate_bench ? merge(
    { node = { port = 9100, label = "node_exporter" } },
    var.database == "mariadb" ? { mysqld = { port = 9104, label = "mysqld_exporter" } } : {},
  ) : {}

  monitoring_ui = var.monitoring ? {
    grafana    = { port = 3000, label = "Grafana" }
    prometheus = { port = 9090, label = "Prometheus" }
  } : {}
}
