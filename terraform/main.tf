# Hosts for the poolbench ISUCON4 qualifier benchmark: network, security groups, key pair,
# instances per topology, and the Ansible inventory (ansible/inventories/terraform/hosts.yml).

locals {
  create_vpc = var.existing_subnet_id == null
  # The image per var.image: its owner, name filter and default user. Debian 12 (MariaDB 10.11) is
  # what the suite exercises (the local fleet, terraform/local); Ubuntu 24.04 (MySQL 8) is untested here.
  images = {
    "debian-12"    = { owner = "136693071363", name = "debian-12-amd64-*", user = "admin" }                                            # Debian (official)
    "ubuntu-24.04" = { owner = "099720109477", name = "ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-amd64-server-*", user = "ubuntu" } # Canonical
  }
  ssh_user = local.images[var.image].user

  tags = merge(
    {
      Project   = "poolbench"
      ManagedBy = "terraform"
      Topology  = var.topology
    },
    var.tags,
  )

  # One entry per instance; groups are the inventory groups the host belongs to.
  host_list = concat(
    var.topology == "single" ? [{ key = "single", groups = ["db", "app", "bench"], instance_type = var.app_instance_type }] : [],
    var.topology == "split" ? [{ key = "app", groups = ["db", "app"], instance_type = var.app_instance_type }] : [],
    var.topology == "split3" ? [
      { key = "db", groups = ["db"], instance_type = var.db_instance_type },
      { key = "app", groups = ["app"], instance_type = var.app_instance_type },
    ] : [],
    # The replica of var.db_replica: named after the primary, so it sorts second among the db hosts.
    var.db_replica ? [{ key = "db-2", groups = ["db"], instance_type = var.db_instance_type }] : [],
    var.topology == "single" ? [] : [
      for i in range(var.bench_count) : { key = "bench-${i + 1}", groups = ["bench"], instance_type = var.bench_instance_type }
    ],
  )
  hosts = { for h in local.host_list : "${var.name}-${h.key}" => h }

  # Traffic between hosts only exists when roles are on different hosts; on one host it is loopback.
  separate_bench = var.topology != "single"
  separate_db    = var.topology == "split3"

  vpc_id    = local.create_vpc ? aws_vpc.this[0].id : data.aws_subnet.existing[0].vpc_id
  subnet_id = local.create_vpc ? aws_subnet.public[0].id : data.aws_subnet.existing[0].id

  public_key = trimspace(var.ssh_public_key != null ? var.ssh_public_key : file(pathexpand(var.ssh_public_key_path)))

  # Monitoring (docs/dashboards.md): Prometheus and Grafana on the first bench host (the single
  # host in `single`), reachable from monitoring_allowed_cidrs only; the exporters from it only.
  monitoring_host     = var.monitoring ? "${var.name}-${var.topology == "single" ? "single" : "bench-1"}" : null
  monitoring_cidrs    = var.monitoring_allowed_cidrs != null ? var.monitoring_allowed_cidrs : var.ssh_allowed_cidrs
  separate_monitoring = var.monitoring && local.separate_bench
}

# The ports between the roles (docs/architecture.md), by topology and var.database: the bench
# hosts to the app ports (with var.duets the second app's too) and SSH on the app and db hosts,
# where bench.yml's runner restarts the app with each run's profile and resets the database
# through a key that can run one command only (ansible/README.md); the app host to the database's
# port (3306 for mariadb, 5432 for postgres) and Redis; the replica to its primary; Prometheus to
# the exporters. A module without provider, tested offline (modules/ports/tests).
module "ports" {
  source = "./modules/ports"

  topology   = var.topology
  database   = var.database
  duets      = var.duets
  db_replica = var.db_replica
  monitoring = var.monitoring
}

# --- Image -----------------------------------------------------------------------------------

data "aws_ami" "this" {
  most_recent = true
  owners      = [local.images[var.image].owner]

  filter {
    name   = "name"
    values = [local.images[var.image].name]
  }
  filter {
    name   = "architecture"
    values = ["x86_64"]
  }
  filter {
    name   = "virtualization-type"
    values = ["hvm"]
  }
  filter {
    name   = "root-device-type"
    values = ["ebs"]
  }
}

# --- Network ---------------------------------------------------------------------------------

data "aws_availability_zones" "available" {
  count = local.create_vpc && var.availability_zone == null ? 1 : 0

  state = "available"
  filter {
    name   = "opt-in-status"
    values = ["opt-in-not-required"]
  }
}

data "aws_subnet" "existing" {
  count = local.create_vpc ? 0 : 1

  id = var.existing_subnet_id
}

resource "aws_vpc" "this" {
  #checkov:skip=CKV2_AWS_11: VPC flow logs add a log group and IAM role for a short-lived benchmark network; traffic is limited by the security groups.
  count = local.create_vpc ? 1 : 0

  cidr_block           = var.vpc_cidr
  enable_dns_support   = true
  enable_dns_hostnames = true

  tags = { Name = var.name }
}

# Take over the VPC's default security group and leave it without rules, so nothing uses it by accident.
resource "aws_default_security_group" "this" {
  count = local.create_vpc ? 1 : 0

  vpc_id = aws_vpc.this[0].id

  tags = { Name = "${var.name}-default-unused" }
}

resource "aws_internet_gateway" "this" {
  count = local.create_vpc ? 1 : 0

  vpc_id = aws_vpc.this[0].id

  tags = { Name = var.name }
}

resource "aws_subnet" "public" {
  count = local.create_vpc ? 1 : 0

  vpc_id            = aws_vpc.this[0].id
  cidr_block        = var.public_subnet_cidr
  availability_zone = var.availability_zone != null ? var.availability_zone : data.aws_availability_zones.available[0].names[0]

  # Public addresses are requested per instance (associate_public_ip_address), not for the whole subnet.
  map_public_ip_on_launch = false

  tags = { Name = "${var.name}-public" }
}

resource "aws_route_table" "public" {
  count = local.create_vpc ? 1 : 0

  vpc_id = aws_vpc.this[0].id

  tags = { Name = "${var.name}-public" }
}

resource "aws_route" "internet" {
  count = local.create_vpc ? 1 : 0

  route_table_id         = aws_route_table.public[0].id
  destination_cidr_block = "0.0.0.0/0"
  gateway_id             = aws_internet_gateway.this[0].id
}

resource "aws_route_table_association" "public" {
  count = local.create_vpc ? 1 : 0

  subnet_id      = aws_subnet.public[0].id
  route_table_id = aws_route_table.public[0].id
}

# --- Security groups -------------------------------------------------------------------------
# ssh: on every host (SSH in from the user's CIDRs; HTTP/HTTPS out for package installs).
# app, bench, db: only when those roles are on different hosts; each allows exactly the
# traffic between roles (bench -> app 8080/8081 and SSH to the app and db hosts, with var.duets
# also 8082/8083; app -> db 3306 for mariadb or 5432 for postgres (var.database), and 6379 for the
# Redis session store that the db host also runs): module.ports.

resource "aws_security_group" "ssh" {
  name_prefix = "${var.name}-ssh-"
  description = "poolbench: SSH from the operator, HTTP/HTTPS out for package installs"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-ssh" }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_vpc_security_group_ingress_rule" "ssh" {
  for_each = toset(var.ssh_allowed_cidrs)

  security_group_id = aws_security_group.ssh.id
  description       = "SSH from the operator (Ansible)"
  ip_protocol       = "tcp"
  from_port         = 22
  to_port           = 22
  cidr_ipv4         = each.value

  tags = { Name = "${var.name}-ssh-from-${each.value}" }
}

resource "aws_vpc_security_group_egress_rule" "packages" {
  for_each = { http = 80, https = 443 }

  security_group_id = aws_security_group.ssh.id
  description       = "${upper(each.key)} out for package installs (apt, JDK, MySQL)"
  ip_protocol       = "tcp"
  from_port         = each.value
  to_port           = each.value
  cidr_ipv4         = "0.0.0.0/0"

  tags = { Name = "${var.name}-${each.key}-out" }
}

resource "aws_security_group" "app" {
  count = local.separate_bench ? 1 : 0

  name_prefix = "${var.name}-app-"
  description = "poolbench app: HTTP and management ports from the bench hosts"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-app" }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_security_group" "bench" {
  count = local.separate_bench ? 1 : 0

  name_prefix = "${var.name}-bench-"
  description = "poolbench bench: out to the app ports"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-bench" }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_vpc_security_group_ingress_rule" "app_from_bench" {
  for_each = module.ports.bench_to_app

  security_group_id            = aws_security_group.app[0].id
  description                  = "App ${each.key} port from the bench hosts"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.bench[0].id

  tags = { Name = "${var.name}-app-${each.key}-from-bench" }
}

resource "aws_vpc_security_group_egress_rule" "bench_to_app" {
  for_each = module.ports.bench_to_app

  security_group_id            = aws_security_group.bench[0].id
  description                  = "Bench to the app ${each.key} port"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.app[0].id

  tags = { Name = "${var.name}-bench-to-app-${each.key}" }
}

resource "aws_security_group" "db" {
  count = local.separate_db ? 1 : 0

  name_prefix = "${var.name}-db-"
  description = "poolbench db: ${var.database == "postgres" ? "PostgreSQL" : "MySQL"} from the app host"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-db" }

  lifecycle {
    create_before_destroy = true
  }
}

# The database's port (3306 or 5432, var.database) and Redis's, from the app host only.
resource "aws_vpc_security_group_ingress_rule" "db_from_app" {
  for_each = module.ports.app_to_db

  security_group_id            = aws_security_group.db[0].id
  description                  = "${each.value.label} from the app host"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.app[0].id

  tags = { Name = "${var.name}-db-${each.key}-from-app" }
}

resource "aws_vpc_security_group_egress_rule" "app_to_db" {
  for_each = module.ports.app_to_db

  security_group_id            = aws_security_group.app[0].id
  description                  = "App to ${each.value.label} on the db host"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.db[0].id

  tags = { Name = "${var.name}-app-to-db-${each.key}" }
}

# With var.db_replica (MariaDB only) the replica reads the primary's binary log over MySQL's port,
# and after a failover the old primary replicates the promoted one: both db hosts are in the db group.
resource "aws_vpc_security_group_ingress_rule" "db_from_db" {
  for_each = module.ports.db_to_db

  security_group_id            = aws_security_group.db[0].id
  description                  = "${each.value.label} replication between the primary and its replica"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.db[0].id

  tags = { Name = "${var.name}-db-${each.key}-from-db" }
}

resource "aws_vpc_security_group_egress_rule" "db_to_db" {
  for_each = module.ports.db_to_db

  security_group_id            = aws_security_group.db[0].id
  description                  = "${each.value.label} replication between the primary and its replica"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.db[0].id

  tags = { Name = "${var.name}-db-to-db-${each.key}" }
}

# The rules above were counted before var.database (MySQL's and Redis's apart): the same rules,
# kept in place by an apply of this version.
moved {
  from = aws_vpc_security_group_ingress_rule.db_from_app[0]
  to   = aws_vpc_security_group_ingress_rule.db_from_app["mysql"]
}
moved {
  from = aws_vpc_security_group_egress_rule.app_to_db[0]
  to   = aws_vpc_security_group_egress_rule.app_to_db["mysql"]
}
moved {
  from = aws_vpc_security_group_ingress_rule.redis_from_app[0]
  to   = aws_vpc_security_group_ingress_rule.db_from_app["redis"]
}
moved {
  from = aws_vpc_security_group_egress_rule.app_to_redis[0]
  to   = aws_vpc_security_group_egress_rule.app_to_db["redis"]
}
moved {
  from = aws_vpc_security_group_ingress_rule.db_from_db[0]
  to   = aws_vpc_security_group_ingress_rule.db_from_db["mysql"]
}
moved {
  from = aws_vpc_security_group_egress_rule.db_to_db[0]
  to   = aws_vpc_security_group_egress_rule.db_to_db["mysql"]
}

resource "aws_vpc_security_group_ingress_rule" "db_ssh_from_bench" {
  #checkov:skip=CKV_AWS_24: the source is the bench hosts' security group (referenced_security_group_id), not 0.0.0.0/0.
  count = local.separate_db ? 1 : 0

  security_group_id            = aws_security_group.db[0].id
  description                  = "SSH from the bench hosts (the runner's reset command)"
  ip_protocol                  = "tcp"
  from_port                    = 22
  to_port                      = 22
  referenced_security_group_id = aws_security_group.bench[0].id

  tags = { Name = "${var.name}-db-ssh-from-bench" }
}

resource "aws_vpc_security_group_egress_rule" "bench_ssh_to_db" {
  count = local.separate_db ? 1 : 0

  security_group_id            = aws_security_group.bench[0].id
  description                  = "Bench to SSH on the db host (the runner's reset command)"
  ip_protocol                  = "tcp"
  from_port                    = 22
  to_port                      = 22
  referenced_security_group_id = aws_security_group.db[0].id

  tags = { Name = "${var.name}-bench-ssh-to-db" }
}

# Prometheus and Grafana from the operator's CIDRs; Prometheus to the exporters on the other
# hosts (and to the app's management port, which the bench group already reaches).
resource "aws_security_group" "monitoring" {
  count = var.monitoring ? 1 : 0

  name_prefix = "${var.name}-monitoring-"
  description = "poolbench monitoring: Grafana and Prometheus from the operator, out to the exporters"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-monitoring" }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_vpc_security_group_ingress_rule" "monitoring_ui" {
  for_each = {
    for pair in setproduct(keys(module.ports.monitoring_ui), local.monitoring_cidrs) : "${pair[0]}-${pair[1]}" => {
      name = pair[0], port = module.ports.monitoring_ui[pair[0]].port, cidr = pair[1]
    }
  }

  security_group_id = aws_security_group.monitoring[0].id
  description       = "${module.ports.monitoring_ui[each.value.name].label} from the operator"
  ip_protocol       = "tcp"
  from_port         = each.value.port
  to_port           = each.value.port
  cidr_ipv4         = each.value.cidr

  tags = { Name = "${var.name}-${each.key}" }
}

resource "aws_security_group" "exporters" {
  count = local.separate_monitoring ? 1 : 0

  name_prefix = "${var.name}-exporters-"
  description = "poolbench exporters: node_exporter and mysqld_exporter from the monitoring host"
  vpc_id      = local.vpc_id

  tags = { Name = "${var.name}-exporters" }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_vpc_security_group_ingress_rule" "exporters_from_monitoring" {
  for_each = module.ports.exporters

  security_group_id            = aws_security_group.exporters[0].id
  description                  = "${each.value.label} from the monitoring host"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.monitoring[0].id

  tags = { Name = "${var.name}-${each.key}-exporter-from-monitoring" }
}

resource "aws_vpc_security_group_egress_rule" "monitoring_to_exporters" {
  for_each = module.ports.exporters

  security_group_id            = aws_security_group.monitoring[0].id
  description                  = "Prometheus to ${each.value.label}"
  ip_protocol                  = "tcp"
  from_port                    = each.value.port
  to_port                      = each.value.port
  referenced_security_group_id = aws_security_group.exporters[0].id

  tags = { Name = "${var.name}-monitoring-to-${each.key}-exporter" }
}

# --- Key pair and instances ------------------------------------------------------------------

# Only the public key is sent to AWS and kept in state; the private key never leaves the user's machine.
resource "aws_key_pair" "this" {
  key_name_prefix = "${var.name}-"
  public_key      = local.public_key

  tags = { Name = var.name }
}

resource "aws_instance" "this" {
  #checkov:skip=CKV_AWS_88: the benchmark hosts need public addresses so Ansible can reach them over SSH (only from ssh_allowed_cidrs).
  #checkov:skip=CKV_AWS_126: detailed (1-minute) monitoring costs extra; the benchmark samples its own metrics.
  #checkov:skip=CKV2_AWS_41: the hosts call no AWS API, so they get no IAM role.
  for_each = local.hosts

  ami           = data.aws_ami.this.id
  instance_type = each.value.instance_type
  subnet_id     = local.subnet_id
  # Role groups exist only when roles are on separate hosts (count = 0 otherwise, so [*] is empty).
  vpc_security_group_ids = concat(
    [aws_security_group.ssh.id],
    contains(each.value.groups, "app") ? aws_security_group.app[*].id : [],
    contains(each.value.groups, "bench") ? aws_security_group.bench[*].id : [],
    contains(each.value.groups, "db") ? aws_security_group.db[*].id : [],
    each.key == local.monitoring_host ? aws_security_group.monitoring[*].id : aws_security_group.exporters[*].id,
  )
  key_name                    = aws_key_pair.this.key_name
  associate_public_ip_address = true
  ebs_optimized               = true
  monitoring                  = false

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required" # IMDSv2 only
    http_put_response_hop_limit = 1
  }

  root_block_device {
    volume_type           = "gp3"
    volume_size           = var.root_volume_size_gb
    encrypted             = true
    delete_on_termination = true
    # Tagged explicitly: provider default_tags reach the root volume only at creation
    # (hashicorp/terraform-provider-aws#38301), so later tag changes would not follow.
    tags = merge(local.tags, { Name = "${each.key}-root" })
  }

  tags = {
    Name          = each.key
    PoolbenchRole = join("+", each.value.groups)
  }

  lifecycle {
    # A newer image must not replace running benchmark hosts; taint or recreate to pick it up.
    ignore_changes = [ami]
  }
}

# --- Ansible inventory -----------------------------------------------------------------------

module "inventory" {
  source = "./modules/inventory"

  topology   = var.topology
  ssh_user   = local.ssh_user
  database   = var.database
  db_replica = var.db_replica

  db_hosts    = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "db")]
  app_hosts   = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "app")]
  bench_hosts = [for name, h in local.hosts : local.inventory_hosts[name] if contains(h.groups, "bench")]

  monitoring_hosts = [for name, h in local.hosts : local.inventory_hosts[name] if name == local.monitoring_host]
}

locals {
  inventory_hosts = {
    for name, instance in aws_instance.this : name => {
      name       = name
      public_ip  = instance.public_ip
      private_ip = instance.private_ip
    }
  }
}

resource "local_file" "inventory" {
  count = var.write_inventory_file ? 1 : 0

  filename        = "${path.module}/../ansible/inventories/terraform/hosts.yml"
  content         = module.inventory.inventory_yaml
  file_permission = "0644"

  directory_permission = "0755"
}
