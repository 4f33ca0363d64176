variable "name" {
  description = "Prefix of the inventory host names (<name>-db, <name>-app, <name>-bench-<i>), as in the AWS root."
  type        = string
  default     = "poolbench"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,22}[a-z0-9]$", var.name))
    error_message = "name must be 2 to 24 characters of lower-case letters, digits and '-', starting with a letter and not ending with '-'."
  }
}

variable "bench_count" {
  description = "Number of bench hosts (each its own container)."
  type        = number
  default     = 1

  validation {
    condition     = var.bench_count >= 1 && var.bench_count <= 4 && floor(var.bench_count) == var.bench_count
    error_message = "bench_count must be a whole number from 1 to 4."
  }
}

variable "lanes" {
  description = "App and db hosts: 1 (one of each; duet lanes share them: two apps on the app host, two databases in one MariaDB) or 2 (an app and a db host per duet lane: bench.yml's isolated lanes)."
  type        = number
  default     = 1

  validation {
    condition     = var.lanes == 1 || var.lanes == 2
    error_message = "lanes must be 1 or 2."
  }
}

variable "subnet" {
  description = "The fleet's subnet; fixed by fleet/fleet.sh (its bridge is 10.77.0.1)."
  type        = string
  default     = "10.77.0.0/24"

  validation {
    condition     = var.subnet == "10.77.0.0/24"
    error_message = "The fleet's subnet is 10.77.0.0/24 (fleet/fleet.sh); other subnets are not supported."
  }
}

variable "db_replica" {
  description = "A second database host, db-2 (10.77.0.12), replicating the first (GTID): faults.yml's failover scenario (docs/faults.md). Not with lanes = 2, whose db-2 is lane 1's."
  type        = bool
  default     = false
  nullable    = false

  validation {
    condition     = !var.db_replica || var.lanes == 1
    error_message = "db_replica needs lanes = 1: with lanes = 2, db-2 is the second lane's database host."
  }
}
