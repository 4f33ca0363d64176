variable "topology" {
  description = "Host layout: `single` (every role on one host: no port between hosts), `split` (db and app on one host, bench separate) or `split3` (db, app and bench each separate)."
  type        = string
  nullable    = false

  validation {
    condition     = contains(["single", "split", "split3"], var.topology)
    error_message = "Unknown topology \"${var.topology}\": use one of single, split, split3."
  }
}

variable "database" {
  description = "The database server of the db hosts (Ansible's poolbench_database): mariadb (3306, mysqld_exporter) or postgres (5432, no exporter)."
  type        = string
  default     = "mariadb"
  nullable    = false

  validation {
    condition     = contains(["mariadb", "postgres"], var.database)
    error_message = "Unknown database \"${var.database}\": use mariadb or postgres."
  }
}

variable "duets" {
  description = "The bench hosts also reach the second app's ports (bench.yml's duets)."
  type        = bool
  default     = true
  nullable    = false
}

variable "db_replica" {
  description = "A second db host replicates the first over the database's port (MariaDB's GTID replication only)."
  type        = bool
  default     = false
  nullable    = false

  validation {
    condition     = !var.db_replica || var.topology == "split3" && var.database == "mariadb"
    error_message = "db_replica needs topology split3 and database mariadb (the PostgreSQL role sets up no replica)."
  }
}

variable "monitoring" {
  description = "Prometheus on the monitoring host scrapes the exporters of the other hosts."
  type        = bool
  default     = true
  nullable    = false
}
