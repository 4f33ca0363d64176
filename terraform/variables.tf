# Every knob of the poolbench hosts. Values go in terraform.tfvars (see terraform.tfvars.example).

variable "region" {
  description = "AWS region to create the hosts in, for example us-east-1."
  type        = string
  default     = "us-east-1"

  validation {
    condition     = can(regex("^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-[0-9]+$", var.region))
    error_message = "region must be an AWS region code such as us-east-1 or eu-central-1 (not an availability zone like us-east-1a, not a display name)."
  }
}

variable "availability_zone" {
  description = "Availability zone of the new subnet, for example us-east-1a; null picks the first available zone of the region. Ignored with existing_subnet_id."
  type        = string
  default     = null

  validation {
    condition     = var.availability_zone == null || can(regex("^${var.region}[a-z]$", var.availability_zone))
    error_message = "availability_zone must be a zone of the chosen region: region followed by a letter (for example us-east-1a for us-east-1), or null to let Terraform pick."
  }
}

variable "name" {
  description = "Name prefix of every resource and inventory host name (hosts are <name>-single, <name>-app, <name>-db, <name>-bench-<i>)."
  type        = string
  default     = "poolbench"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,22}[a-z0-9]$", var.name))
    error_message = "name must be 2 to 24 characters of lower-case letters, digits and '-', starting with a letter and not ending with '-'."
  }
}

variable "image" {
  description = "Host image: debian-12 (Debian's official AMI, MariaDB 10.11: what the suite exercises on its local fleet) or ubuntu-24.04 (Canonical's, MySQL 8: untested here)."
  type        = string
  default     = "debian-12"

  validation {
    condition     = contains(["debian-12", "ubuntu-24.04"], var.image)
    error_message = "image must be debian-12 (tested) or ubuntu-24.04 (untested here)."
  }
}

variable "topology" {
  description = "Host layout: single (one host for db, app and bench, like the original contest), split (db and app on one host, bench separate) or split3 (db, app and bench each on their own hosts)."
  type        = string
  default     = "single"

  validation {
    condition     = contains(["single", "split", "split3"], var.topology)
    error_message = "topology must be one of single, split, split3."
  }
}

variable "bench_count" {
  description = "Number of bench hosts (Gatling load generators) in split and split3; must be 1 in single, where the bench runs on the one host."
  type        = number
  default     = 1
  nullable    = false

  validation {
    condition     = var.bench_count >= 1 && var.bench_count <= 8 && floor(var.bench_count) == var.bench_count
    error_message = "bench_count must be a whole number from 1 to 8."
  }
  validation {
    condition     = var.topology != "single" || var.bench_count == 1
    error_message = "topology single has one host that also runs the bench: set bench_count = 1, or choose topology split or split3 for several bench hosts."
  }
}

variable "database" {
  description = "The database server of the db hosts: mariadb (MariaDB on Debian 12, MySQL 8 on Ubuntu; port 3306) or postgres (PostgreSQL; port 5432). Written to the inventory as all.vars.poolbench_database, which site.yml and bench.yml follow; in split3 the db security group opens that port only to the app host."
  type        = string
  default     = "mariadb"
  nullable    = false

  validation {
    condition     = contains(["mariadb", "postgres"], var.database)
    error_message = "database must be mariadb or postgres (the playbooks' poolbench_database)."
  }
}

variable "db_replica" {
  description = "A second database host, a MariaDB replica of the first (site.yml sets up GTID replication), for faults.yml's failover: the app reaches the database by a name that the failover moves to the replica. Needs topology split3 (the database on hosts of its own) and database mariadb. false: one database host."
  type        = bool
  default     = false
  nullable    = false

  validation {
    condition     = !var.db_replica || var.topology == "split3"
    error_message = "db_replica needs topology split3 (the primary and its replica on hosts of their own, not the app host)."
  }
  validation {
    condition     = !var.db_replica || var.database == "mariadb"
    error_message = "db_replica needs database = \"mariadb\": the PostgreSQL role sets up no replica (faults.yml's failover and demote are MariaDB's)."
  }
}

variable "app_instance_type" {
  description = "Instance type of the app host (in single: the one host; in split: the app and db host). The original contest ran on a 4-vCPU general-purpose machine."
  type        = string
  default     = "m5.xlarge"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*[0-9][a-z-]*\\.[a-z0-9]+$", var.app_instance_type)) && !can(regex("^[a-z]+[0-9]+[a-z-]*g[a-z-]*\\.", var.app_instance_type))
    error_message = "app_instance_type must be an x86_64 EC2 instance type such as m5.xlarge or c5.xlarge (Graviton types like m7g.xlarge need an arm64 image, which this configuration does not select)."
  }
}

variable "db_instance_type" {
  description = "Instance type of the database host; used only in split3."
  type        = string
  default     = "m5.xlarge"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*[0-9][a-z-]*\\.[a-z0-9]+$", var.db_instance_type)) && !can(regex("^[a-z]+[0-9]+[a-z-]*g[a-z-]*\\.", var.db_instance_type))
    error_message = "db_instance_type must be an x86_64 EC2 instance type such as m5.xlarge (Graviton types like r7g.xlarge need an arm64 image, which this configuration does not select)."
  }
}

variable "bench_instance_type" {
  description = "Instance type of each bench host; used in split and split3. The load generator is CPU-bound."
  type        = string
  default     = "c5.xlarge"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*[0-9][a-z-]*\\.[a-z0-9]+$", var.bench_instance_type)) && !can(regex("^[a-z]+[0-9]+[a-z-]*g[a-z-]*\\.", var.bench_instance_type))
    error_message = "bench_instance_type must be an x86_64 EC2 instance type such as c5.xlarge (Graviton types like c7g.xlarge need an arm64 image, which this configuration does not select)."
  }
}

variable "root_volume_size_gb" {
  description = "Size of each host's encrypted gp3 root volume in GiB (OS, JDK, MySQL data, Gatling reports)."
  type        = number
  default     = 30
  nullable    = false

  validation {
    condition     = var.root_volume_size_gb >= 16 && var.root_volume_size_gb <= 1024 && floor(var.root_volume_size_gb) == var.root_volume_size_gb
    error_message = "root_volume_size_gb must be a whole number of GiB from 16 to 1024 (30 is plenty for the benchmark)."
  }
}

variable "ssh_allowed_cidrs" {
  description = "IPv4 CIDR blocks allowed to reach SSH (port 22), normally your own address as a /32, for example [\"203.0.113.7/32\"]. No default on purpose."
  type        = list(string)
  nullable    = false

  validation {
    condition     = length(var.ssh_allowed_cidrs) > 0
    error_message = "ssh_allowed_cidrs is empty: give the address you run Ansible from, for example [\"203.0.113.7/32\"] (find it with: curl -s https://checkip.amazonaws.com)."
  }
  validation {
    condition     = alltrue([for c in var.ssh_allowed_cidrs : can(regex("^[0-9.]+/[0-9]+$", c)) && can(cidrhost(c, 0))])
    error_message = "Every entry of ssh_allowed_cidrs must be an IPv4 CIDR block with a prefix length, for example \"203.0.113.7/32\" for one address (a bare address needs /32)."
  }
  validation {
    condition     = alltrue([for c in var.ssh_allowed_cidrs : try(cidrhost(c, 0) == split("/", c)[0], true)])
    error_message = "An entry of ssh_allowed_cidrs has host bits set (like 203.0.113.7/24): use /32 for one address or the network address of the block (203.0.113.0/24)."
  }
  validation {
    condition     = var.allow_ssh_from_anywhere || !anytrue([for c in var.ssh_allowed_cidrs : endswith(c, "/0")])
    error_message = "ssh_allowed_cidrs opens SSH to the whole internet (/0): give your own address as a /32, or set allow_ssh_from_anywhere = true if you really mean it."
  }
}

variable "allow_ssh_from_anywhere" {
  description = "Set to true to accept 0.0.0.0/0 in ssh_allowed_cidrs. Not recommended."
  type        = bool
  default     = false
  nullable    = false
}

variable "ssh_public_key" {
  description = "Content of the SSH public key for the hosts (one line, such as \"ssh-ed25519 AAAA... you@laptop\"). Give this or ssh_public_key_path, not both."
  type        = string
  default     = null

  validation {
    condition     = var.ssh_public_key == null || !can(regex("PRIVATE KEY", var.ssh_public_key))
    error_message = "ssh_public_key contains a PRIVATE key: never give Terraform a private key; give the public key (the .pub file's content, starting with ssh-ed25519, ssh-rsa or ecdsa-sha2-)."
  }
  validation {
    condition     = var.ssh_public_key == null || can(regex("^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\\.com) [A-Za-z0-9+/=]+", trimspace(var.ssh_public_key)))
    error_message = "ssh_public_key must be an OpenSSH public key line starting with ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256 followed by the base64 key (the content of your .pub file)."
  }
  validation {
    condition     = (var.ssh_public_key == null) != (var.ssh_public_key_path == null)
    error_message = "Give exactly one of ssh_public_key (the key's content) or ssh_public_key_path (path to the .pub file)."
  }
}

variable "ssh_public_key_path" {
  description = "Path to the SSH public key file (for example ~/.ssh/id_ed25519.pub). Give this or ssh_public_key, not both."
  type        = string
  default     = null

  validation {
    condition     = var.ssh_public_key_path == null || can(regex("\\.pub$", var.ssh_public_key_path))
    error_message = "ssh_public_key_path must name the public key file ending in .pub (for example ~/.ssh/id_ed25519.pub), never the private key."
  }
  validation {
    condition     = var.ssh_public_key_path == null || can(file(pathexpand(var.ssh_public_key_path)))
    error_message = "ssh_public_key_path does not name a readable file: create a key with ssh-keygen -t ed25519 and give the path of its .pub file."
  }
  validation {
    condition     = var.ssh_public_key_path == null || !can(regex("PRIVATE KEY", file(pathexpand(var.ssh_public_key_path))))
    error_message = "The file at ssh_public_key_path contains a PRIVATE key: give the .pub file instead."
  }
}

variable "existing_subnet_id" {
  description = "ID of an existing public subnet (with a route to an internet gateway) to use instead of creating a VPC; its VPC is used for the security groups. null creates a dedicated VPC."
  type        = string
  default     = null

  validation {
    condition     = var.existing_subnet_id == null || can(regex("^subnet-[0-9a-f]{8}([0-9a-f]{9})?$", var.existing_subnet_id))
    error_message = "existing_subnet_id must be a subnet ID such as subnet-0123456789abcdef0, or null to create a dedicated VPC."
  }
}

variable "vpc_cidr" {
  description = "IPv4 CIDR block of the dedicated VPC (ignored with existing_subnet_id)."
  type        = string
  default     = "10.42.0.0/16"
  nullable    = false

  validation {
    condition     = can(regex("^[0-9.]+/[0-9]+$", var.vpc_cidr)) && can(cidrhost(var.vpc_cidr, 0)) && try(tonumber(split("/", var.vpc_cidr)[1]) >= 16 && tonumber(split("/", var.vpc_cidr)[1]) <= 28, false)
    error_message = "vpc_cidr must be an IPv4 CIDR block with a prefix from /16 to /28 (AWS limits), for example 10.42.0.0/16."
  }
}

variable "public_subnet_cidr" {
  description = "IPv4 CIDR block of the public subnet inside vpc_cidr (ignored with existing_subnet_id)."
  type        = string
  default     = "10.42.1.0/24"
  nullable    = false

  validation {
    condition     = can(regex("^[0-9.]+/[0-9]+$", var.public_subnet_cidr)) && can(cidrhost(var.public_subnet_cidr, 0)) && try(tonumber(split("/", var.public_subnet_cidr)[1]) <= 28, false)
    error_message = "public_subnet_cidr must be an IPv4 CIDR block no smaller than /28, for example 10.42.1.0/24."
  }
  validation {
    condition = try(
      tonumber(split("/", var.public_subnet_cidr)[1]) >= tonumber(split("/", var.vpc_cidr)[1]) &&
      cidrhost("${cidrhost(var.public_subnet_cidr, 0)}/${split("/", var.vpc_cidr)[1]}", 0) == cidrhost(var.vpc_cidr, 0),
      true
    )
    error_message = "public_subnet_cidr must lie inside vpc_cidr (for example 10.42.1.0/24 inside 10.42.0.0/16)."
  }
}

variable "write_inventory_file" {
  description = "Write the Ansible inventory to ../ansible/inventories/terraform/hosts.yml (relative to terraform/). The inventory_yaml output has the same content either way."
  type        = bool
  default     = true
  nullable    = false
}

variable "tags" {
  description = "Extra tags for every resource (merged into the provider's default_tags), for example { Owner = \"you\" }."
  type        = map(string)
  default     = {}
  nullable    = false

  validation {
    condition     = alltrue([for k, v in var.tags : length(k) <= 128 && length(v) <= 256 && !startswith(lower(k), "aws:")])
    error_message = "tags: keys must be at most 128 characters and not start with aws:, values at most 256 characters."
  }
}

variable "monitoring" {
  description = "Prometheus and Grafana on the first bench host (the single host in `single`), node_exporter on every host and mysqld_exporter on the db host (Ansible's `monitoring` group)."
  type        = bool
  default     = true
  nullable    = false
}

variable "monitoring_allowed_cidrs" {
  description = "IPv4 CIDR blocks allowed to reach Grafana (3000) and Prometheus (9090); null = the same as ssh_allowed_cidrs. Prometheus has no login: never the whole internet."
  type        = list(string)
  default     = null

  validation {
    condition     = var.monitoring_allowed_cidrs == null || alltrue([for c in coalesce(var.monitoring_allowed_cidrs, []) : can(regex("^[0-9.]+/[0-9]+$", c)) && can(cidrhost(c, 0))])
    error_message = "Every entry of monitoring_allowed_cidrs must be an IPv4 CIDR block with a prefix length, for example \"203.0.113.7/32\"."
  }
  validation {
    condition     = var.monitoring_allowed_cidrs == null || !anytrue([for c in coalesce(var.monitoring_allowed_cidrs, []) : endswith(c, "/0")])
    error_message = "monitoring_allowed_cidrs opens Prometheus (no login) and Grafana to the whole internet (/0): give your own address as a /32."
  }
}

variable "duets" {
  description = "Let the bench hosts reach the second app's ports (8082, 8083) that bench.yml's duets (its default) and size.yml need in split and split3. SSH from the bench hosts to the app and db hosts is open either way: the runner's key runs one command only there (restart the app with a run's profile, reset the database), for solo and duets alike. false: solo comparisons only (bench.yml -e poolbench_design=solo)."
  type        = bool
  default     = true
}
