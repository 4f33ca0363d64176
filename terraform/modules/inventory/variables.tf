variable "topology" {
  description = "Host layout: `single` (one host runs db, app and bench), `split` (db and app on one host, bench separate) or `split3` (db, app and bench each separate)."
  type        = string

  validation {
    condition     = contains(["single", "split", "split3"], var.topology)
    error_message = "Unknown topology \"${var.topology}\": use one of single, split, split3."
  }
}

variable "ssh_user" {
  description = "User Ansible connects as (`ansible_user`); `ubuntu` on the Ubuntu images."
  type        = string
  default     = "ubuntu"
  nullable    = false

  validation {
    condition     = can(regex("^[a-z_][a-z0-9_-]*$", var.ssh_user))
    error_message = "ssh_user must be a Unix user name such as ubuntu."
  }
}

# Each host: name (inventory host name), public_ip (what Ansible connects to) and private_ip
# (what the hosts use to reach each other; null means the same as public_ip).
# A host that is in several groups appears in each list with the same name and addresses.

variable "db_hosts" {
  description = "Hosts of the `db` group (MySQL): one, or two in split3 with two app hosts (a db and an app host per duet lane: bench.yml's isolated lanes), as objects {name, public_ip, private_ip}."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = optional(string)
  }))

  validation {
    condition     = length(var.db_hosts) > 0
    error_message = "db_hosts is empty: give the one host that runs MySQL (in topology single or split it is the app host)."
  }
  validation {
    condition     = length(var.db_hosts) <= 1 || length(var.db_hosts) == 2 && var.topology == "split3"
    error_message = "db_hosts has ${length(var.db_hosts)} hosts: one database host, or two in topology split3 (two app hosts: one of each per duet lane; or one app host and db_replica)."
  }
  validation {
    condition     = alltrue([for h in var.db_hosts : can(regex("^[A-Za-z0-9][A-Za-z0-9._-]*$", h.name)) && trimspace(h.public_ip) != ""])
    error_message = "Every db host needs a name (letters, digits, '.', '_', '-') and a non-empty public_ip."
  }
}

variable "app_hosts" {
  description = "Hosts of the `app` group (the web app): one, or two in split3 with two db hosts (see db_hosts), as objects {name, public_ip, private_ip}."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = optional(string)
  }))

  validation {
    condition     = length(var.app_hosts) > 0
    error_message = "app_hosts is empty: give the one host that runs the web app."
  }
  validation {
    # (The two counts are compared here only: a validation of db_hosts that read app_hosts too would be a cycle.)
    condition     = length(var.app_hosts) <= 2 && (length(var.app_hosts) == length(var.db_hosts) || length(var.app_hosts) <= 1 && (length(var.db_hosts) <= 1 || var.db_replica)) && (length(var.app_hosts) <= 1 || var.topology == "split3")
    error_message = "app_hosts has ${length(var.app_hosts)} hosts and db_hosts ${length(var.db_hosts)}: one app host, or two in topology split3 with two db hosts (one of each per duet lane); one app host with two db hosts needs db_replica."
  }
  validation {
    condition     = alltrue([for h in var.app_hosts : can(regex("^[A-Za-z0-9][A-Za-z0-9._-]*$", h.name)) && trimspace(h.public_ip) != ""])
    error_message = "Every app host needs a name (letters, digits, '.', '_', '-') and a non-empty public_ip."
  }
  validation {
    condition     = length(var.app_hosts) != 2 || length(setintersection([for h in var.app_hosts : h.name], [for h in var.db_hosts : h.name])) == 0
    error_message = "With a host per duet lane (two app and two db hosts) no host may be both an app and a db host."
  }
  validation {
    condition     = !var.db_replica || length(setintersection([for h in var.app_hosts : h.name], [for h in var.db_hosts : h.name])) == 0
    error_message = "With db_replica (a primary and its replica) no db host may be the app host."
  }
  # Placement of the database relative to the app; only judged once the counts are right.
  validation {
    condition = (
      length(var.app_hosts) != 1 || length(var.db_hosts) != 1 || !contains(["single", "split", "split3"], var.topology) ||
      (var.topology == "split3" ? var.db_hosts[0].name != var.app_hosts[0].name : var.db_hosts[0] == var.app_hosts[0])
    )
    error_message = "Wrong placement for this topology: in single and split the db host and the app host are the same host (same name and addresses); in split3 they are different hosts."
  }
}

variable "database" {
  description = "The database server (Ansible's poolbench_database: mariadb or postgres), written to all.vars; null writes none (the inventory's group_vars or -e decide, as on the local fleet)."
  type        = string
  default     = null

  validation {
    condition     = var.database == null || contains(["mariadb", "postgres"], coalesce(var.database, "mariadb"))
    error_message = "database must be mariadb, postgres or null."
  }
}

# (Read by app_hosts' validation: one app host with two db hosts is a primary and its replica.)
variable "db_replica" {
  description = "Whether the second db host replicates the first (faults.yml's failover): then one app host with two db hosts, and all.vars.poolbench_mysql_primary names the first."
  type        = bool
  default     = false
  nullable    = false

  validation {
    condition     = !var.db_replica || length(var.db_hosts) == 2
    error_message = "db_replica needs exactly two db hosts (a primary and its replica), got ${length(var.db_hosts)}."
  }
}

variable "bench_hosts" {
  description = "Hosts of the `bench` group (Gatling load generators): one in `single` (the same host as app), one or more separate hosts otherwise."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = optional(string)
  }))

  validation {
    condition     = length(var.bench_hosts) > 0
    error_message = "bench_hosts is empty: give at least one host that runs the load generator."
  }
  validation {
    condition     = var.topology != "single" || length(var.bench_hosts) <= 1
    error_message = "Topology single has exactly one host, so bench_hosts must be that one host; use topology split or split3 for several bench hosts."
  }
  validation {
    condition     = alltrue([for h in var.bench_hosts : can(regex("^[A-Za-z0-9][A-Za-z0-9._-]*$", h.name)) && trimspace(h.public_ip) != ""])
    error_message = "Every bench host needs a name (letters, digits, '.', '_', '-') and a non-empty public_ip."
  }
  validation {
    condition     = length(distinct([for h in var.bench_hosts : h.name])) == length(var.bench_hosts)
    error_message = "bench_hosts has duplicate names: give each bench host its own name."
  }
  # Placement of the bench relative to the app and database; only judged once the counts are right.
  validation {
    condition = (
      length(var.app_hosts) != 1 || length(var.db_hosts) != 1 || length(var.bench_hosts) == 0 || !contains(["single", "split", "split3"], var.topology) ||
      (var.topology == "single" ?
        length(var.bench_hosts) != 1 || var.bench_hosts[0] == var.app_hosts[0] :
      !anytrue([for h in var.bench_hosts : contains([var.app_hosts[0].name, var.db_hosts[0].name], h.name)]))
    )
    error_message = "Wrong placement for this topology: in single the bench host is the app host (same name and addresses); in split and split3 bench hosts are separate from the app and db hosts."
  }
}

variable "monitoring_hosts" {
  description = "Hosts of the `monitoring` group (Prometheus, Grafana): one of the other hosts (normally the first bench host), or none for no monitoring."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = optional(string)
  }))
  default  = []
  nullable = false

  validation {
    condition     = length(var.monitoring_hosts) <= 1
    error_message = "monitoring_hosts has ${length(var.monitoring_hosts)} hosts: one Prometheus and Grafana at most."
  }
  validation {
    condition = alltrue([for m in var.monitoring_hosts : anytrue([
      for h in concat(var.db_hosts, var.app_hosts, var.bench_hosts) : h == m
    ])])
    error_message = "The monitoring host must be one of the db, app or bench hosts (same name and addresses)."
  }
}
