output "bench_to_app" {
  description = "From the bench hosts to the app host (and SSH to the db hosts: its `ssh` entry), name => {port, label}; empty in single."
  value       = local.bench_to_app
}

output "app_to_db" {
  description = "From the app host to the db hosts: the database's port (mysql 3306 or postgres 5432) and redis 6379; empty unless split3."
  value       = local.app_to_db
}

output "db_to_db" {
  description = "Between the db hosts (replication): the database's port with db_replica, else empty."
  value       = local.db_to_db
}

output "exporters" {
  description = "From the monitoring host to the exporters of the other hosts: node 9100, and mysqld 9104 with mariadb; empty in single or without monitoring."
  value       = local.exporters
}

output "monitoring_ui" {
  description = "Grafana 3000 and Prometheus 9090 on the monitoring host, from the operator; empty without monitoring."
  value       = local.monitoring_ui
}
