# Offline tests of the root variables' validation. The root configuration needs the AWS
# provider, which cannot be downloaded offline, so tests/run.sh copies ../../variables.tf and
# this file (as tests/root_variables.tftest.hcl, with fixtures/) into a scratch directory and
# runs `terraform test` there: only the variable blocks, no resources, no provider.

variables {
  ssh_allowed_cidrs = ["203.0.113.7/32"]
  ssh_public_key    = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPoolbenchTestKeyNotARealKeyJustForTheOfflineTests0 poolbench-test"
}

run "accepts_the_defaults_with_a_cidr_and_a_key" {
  command = plan

  assert {
    condition     = var.topology == "single" && var.bench_count == 1 && var.region == "us-east-1"
    error_message = "Defaults changed: single topology, one bench host, us-east-1."
  }
  assert {
    condition     = var.app_instance_type == "m5.xlarge" && var.bench_instance_type == "c5.xlarge"
    error_message = "Default instance types changed; update the cost table in terraform/README.md too."
  }
  assert {
    condition     = var.database == "mariadb"
    error_message = "Default changed: MariaDB (3306), as the playbooks' poolbench_database; update terraform/README.md too."
  }
  assert {
    condition     = var.duets
    error_message = "Default changed: the bench hosts reach the second app's ports and SSH for bench.yml's duets (ansible/README.md); update terraform/README.md too."
  }
}

run "accepts_split3_with_three_bench_hosts_a_key_file_and_an_existing_subnet" {
  command = plan

  variables {
    region              = "eu-central-1"
    availability_zone   = "eu-central-1b"
    topology            = "split3"
    bench_count         = 3
    bench_instance_type = "c7i.2xlarge"
    db_instance_type    = "m7i-flex.xlarge"
    ssh_allowed_cidrs   = ["203.0.113.7/32", "198.51.100.0/24"]
    ssh_public_key      = null
    ssh_public_key_path = "tests/fixtures/poolbench-test.pub"
    existing_subnet_id  = "subnet-0123456789abcdef0"
    tags                = { Owner = "someone" }
  }
}

run "accepts_ssh_from_anywhere_only_when_allowed_explicitly" {
  command = plan

  variables {
    ssh_allowed_cidrs       = ["0.0.0.0/0"]
    allow_ssh_from_anywhere = true
  }
}

run "rejects_ssh_from_anywhere_by_default" {
  command = plan

  variables {
    ssh_allowed_cidrs = ["0.0.0.0/0"]
  }

  expect_failures = [var.ssh_allowed_cidrs]
}

run "rejects_an_empty_ssh_cidr_list" {
  command = plan

  variables {
    ssh_allowed_cidrs = []
  }

  expect_failures = [var.ssh_allowed_cidrs]
}

run "rejects_a_bare_address_without_prefix" {
  command = plan

  variables {
    ssh_allowed_cidrs = ["203.0.113.7"]
  }

  expect_failures = [var.ssh_allowed_cidrs]
}

run "rejects_a_cidr_with_host_bits" {
  command = plan

  variables {
    ssh_allowed_cidrs = ["203.0.113.7/24"]
  }

  expect_failures = [var.ssh_allowed_cidrs]
}

run "rejects_an_availability_zone_as_region" {
  command = plan

  variables {
    region = "us-east-1a"
  }

  expect_failures = [var.region]
}

run "rejects_a_zone_of_another_region" {
  command = plan

  variables {
    availability_zone = "eu-west-1a"
  }

  expect_failures = [var.availability_zone]
}

run "rejects_an_unknown_topology" {
  command = plan

  variables {
    topology = "triple"
  }

  expect_failures = [var.topology]
}

run "rejects_several_bench_hosts_in_single" {
  command = plan

  variables {
    bench_count = 2
  }

  expect_failures = [var.bench_count]
}

run "rejects_zero_bench_hosts" {
  command = plan

  variables {
    topology    = "split"
    bench_count = 0
  }

  expect_failures = [var.bench_count]
}

run "rejects_a_graviton_instance_type" {
  command = plan

  variables {
    bench_instance_type = "c7g.xlarge"
  }

  expect_failures = [var.bench_instance_type]
}

run "rejects_a_malformed_instance_type" {
  command = plan

  variables {
    app_instance_type = "xlarge"
  }

  expect_failures = [var.app_instance_type]
}

run "rejects_both_key_content_and_key_path" {
  command = plan

  variables {
    ssh_public_key_path = "tests/fixtures/poolbench-test.pub"
  }

  expect_failures = [var.ssh_public_key]
}

run "rejects_no_key_at_all" {
  command = plan

  variables {
    ssh_public_key = null
  }

  expect_failures = [var.ssh_public_key]
}

run "rejects_a_private_key_as_content" {
  command = plan

  variables {
    # Split so that secret scanners do not take the test for a leaked key.
    ssh_public_key = "-----BEGIN OPENSSH ${"PRIVATE"} KEY-----"
  }

  expect_failures = [var.ssh_public_key]
}

run "rejects_a_key_path_that_is_not_a_pub_file" {
  command = plan

  variables {
    ssh_public_key      = null
    ssh_public_key_path = "tests/fixtures/not-a-key.txt"
  }

  expect_failures = [var.ssh_public_key_path]
}

run "rejects_a_missing_key_file" {
  command = plan

  variables {
    ssh_public_key      = null
    ssh_public_key_path = "tests/fixtures/missing.pub"
  }

  expect_failures = [var.ssh_public_key_path]
}

run "rejects_a_subnet_outside_the_vpc" {
  command = plan

  variables {
    public_subnet_cidr = "10.43.1.0/24"
  }

  expect_failures = [var.public_subnet_cidr]
}

run "rejects_a_too_large_vpc" {
  command = plan

  variables {
    vpc_cidr = "10.0.0.0/8"
  }

  expect_failures = [var.vpc_cidr]
}

run "rejects_a_malformed_subnet_id" {
  command = plan

  variables {
    existing_subnet_id = "my-subnet"
  }

  expect_failures = [var.existing_subnet_id]
}

run "rejects_an_upper_case_name" {
  command = plan

  variables {
    name = "PoolBench"
  }

  expect_failures = [var.name]
}

run "rejects_prometheus_and_grafana_open_to_the_internet" {
  command = plan

  variables {
    monitoring_allowed_cidrs = ["0.0.0.0/0"]
  }

  expect_failures = [var.monitoring_allowed_cidrs]
}

run "accepts_other_cidrs_for_the_monitoring_ports" {
  command = plan

  variables {
    monitoring_allowed_cidrs = ["198.51.100.0/24", "203.0.113.7/32"]
  }
}

run "accepts_db_replica_in_split3" {
  command = plan

  variables {
    topology   = "split3"
    db_replica = true
  }
}

run "rejects_db_replica_outside_split3" {
  command = plan

  variables {
    topology   = "split"
    db_replica = true
  }

  expect_failures = [var.db_replica]
}

run "accepts_postgres_in_split3" {
  command = plan

  variables {
    topology = "split3"
    database = "postgres"
  }
}

run "rejects_an_unknown_database" {
  command = plan

  variables {
    database = "mysql"
  }

  expect_failures = [var.database]
}

run "rejects_db_replica_with_postgres" {
  command = plan

  variables {
    topology   = "split3"
    database   = "postgres"
    db_replica = true
  }

  expect_failures = [var.db_replica]
}
