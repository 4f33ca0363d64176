# The checks of ansible/ that need the venv and nothing else (no server, no binary, nothing installed):
# ansible-lint, syntax checks, the refusals of bad variables, the inventories, bench.yml's duet command
# and plans, the lanes' databases. Sourced by tests/run.sh (its venv, step, check, pass, fail are used
# here); tests/run-all.sh runs them beside the Maven step (run.sh --static), the rest in its place.

step "ansible-lint (profile: production)"
check lint ansible-lint --offline || true

step "syntax check of the playbooks"
check syntax-site ansible-playbook -i inventories/local/hosts.yml --syntax-check site.yml || true
check syntax-bench ansible-playbook -i inventories/local/hosts.yml --syntax-check bench.yml || true
check syntax-faults ansible-playbook -i inventories/local/hosts.yml --syntax-check faults.yml || true
check syntax-size ansible-playbook -i inventories/local/hosts.yml --syntax-check size.yml || true

step "a database, a design, a distance or a failover the playbooks do not take: one line before anything runs"
# In check mode: were the assert gone, nothing would be changed on this machine either.
refused() {
  local name=$1 playbook=$2 expected=$3; shift 3
  # JSON results: the message on one line (YAML's wraps a long one).
  if ANSIBLE_CALLBACK_RESULT_FORMAT=json ansible-playbook -i inventories/local/hosts.yml --check "$playbook" "$@" \
      >"$LOG_DIR/$name.log" 2>&1; then
    fail "$name: $playbook ran with $*"
  elif grep -qF "\"msg\": \"$expected" "$LOG_DIR/$name.log" && grep -Eq ' ok=0 +changed=0 ' "$LOG_DIR/$name.log"; then
    pass "$name: refused in one line, no task before it"
  else
    tail -n 20 "$LOG_DIR/$name.log"; fail "$name: no clear refusal"
  fi
}
for playbook in site.yml bench.yml size.yml faults.yml; do
  refused "unknown-database-${playbook%.yml}" "$playbook" "poolbench_database must be mariadb or postgres, got 'oracle'" \
    -e poolbench_database=oracle
done
refused unknown-design-bench bench.yml "poolbench_design must be duet (the default) or solo" -e poolbench_design=trio
refused distance-size size.yml "a size search runs duets, which take no database distance" -e poolbench_db_latency=1
# faults.yml: a failover (or demote) promotes a replica, which only MariaDB's role makes.
for scenario in failover demote; do
  refused "$scenario-postgres-faults" faults.yml "poolbench_fault_scenarios failover and demote promote a replica, and the \
poolbench_postgresql role makes none (MariaDB only: poolbench_database=mariadb); nothing was run" \
    -e poolbench_database=postgres -e poolbench_fault_scenarios=restart,$scenario
done
refused failover-alone-faults faults.yml "poolbench_fault_scenarios failover and demote need a second db host replicating the first" \
  -e poolbench_fault_scenarios=failover
# idle-drop: the load's pause must outlast the flows' idle timeout, a whole number of seconds.
idle_drop_refusal="poolbench_fault_scenarios idle-drop needs poolbench_idle_drop_seconds a whole number of seconds from 1 to \
3600 and poolbench_fault_seconds (the load's pause) at least 2 s longer, got"
refused idle-drop-short-pause-faults faults.yml "$idle_drop_refusal 9 and 10; nothing was run" \
  -e poolbench_fault_scenarios=restart,idle-drop -e poolbench_idle_drop_seconds=9
refused idle-drop-not-seconds-faults faults.yml "$idle_drop_refusal 4s and 10; nothing was run" \
  -e poolbench_fault_scenarios=idle-drop -e poolbench_idle_drop_seconds=4s

# max-connections: the rules of the local command (faultplan/ReplicaPlan); 151 = 10 + 2 x (45 + 2 x (10 + 2)) + 3.
max_connections_refusal="poolbench_fault_scenarios max-connections needs MariaDB (PostgreSQL takes a restart to change \
max_connections), poolbench_replicas 2..16, poolbench_pool_size >= 4 (a new replica must not fit in the spare connections), \
a pool besides nopool and poolbench_duration >= 151 (the rolling update ends by second 148; leave it out to have it fitted), \
got database"
refused max-connections-postgres-faults faults.yml "$max_connections_refusal postgres, replicas 3, pool size 10, profiles \
default, duration fitted; nothing was run" -e poolbench_database=postgres -e poolbench_fault_scenarios=max-connections
refused max-connections-small-pool-faults faults.yml "$max_connections_refusal mariadb, replicas 3, pool size 3," \
  -e poolbench_fault_scenarios=restart,max-connections -e poolbench_pool_size=3
refused max-connections-short-faults faults.yml "$max_connections_refusal mariadb, replicas 3, pool size 10, profiles \
default, duration 60; nothing was run" -e poolbench_fault_scenarios=max-connections -e poolbench_duration=60
refused max-connections-nopool-faults faults.yml "$max_connections_refusal mariadb, replicas 3, pool size 10, profiles \
nopool," -e poolbench_fault_scenarios=max-connections -e poolbench_profiles=nopool

step "inventories parse with the groups db, app and bench"
# The Terraform example has a .example suffix (the real hosts.yml is gitignored): parse a copy.
mkdir -p "$LOG_DIR/terraform-inventory"
cp inventories/terraform/hosts.yml.example "$LOG_DIR/terraform-inventory/hosts.yml"
for inventory in inventories/local/hosts.yml inventories/hosts/hosts.yml "$LOG_DIR/terraform-inventory/hosts.yml"; do
  name="inventory-$(basename "$(dirname "$inventory")")"
  if ansible-inventory -i "$inventory" --graph >"$LOG_DIR/$name.log" 2>&1 \
      && grep -q '@db:' "$LOG_DIR/$name.log" && grep -q '@app:' "$LOG_DIR/$name.log" \
      && grep -q '@bench:' "$LOG_DIR/$name.log"; then
    pass "$name"
  else
    cat "$LOG_DIR/$name.log"
    fail "$name"
  fi
done

step "bench.yml's duet command (templates/poolbench-duet.j2) in a scratch directory"
"$ANSIBLE_DIR/tests/duet/check.sh" "$LOG_DIR" && pass "duet command" || fail "duet command"

step "bench.yml's and size.yml's plans: the runner's options by default and on request (tests/plan/check.sh)"
"$ANSIBLE_DIR/tests/plan/check.sh" "$LOG_DIR" && pass "plans" || fail "plans"

step "a host per duet lane (terraform/local -var lanes=2): each app host's database is its lane's"
check lane-databases ansible-playbook -i tests/lanes/hosts.yml tests/lanes/play.yml || true
