#!/usr/bin/env bash
# Tests of ansible/: lint (production profile), syntax checks, an unknown poolbench_database or poolbench_design,
# size.yml's database distance, faults.yml's failover and demote without a MariaDB replica and idle-drop's bad times
# refused, bench.yml's and size.yml's plans (tests/plan/check.sh), and inventories always; with CI=true or
# POOLBENCH_CONVERGE=1 also the path users run, on a local fleet of systemd hosts (tests/fleet.sh: the fleet block of
# docs/vm-path.md as written: terraform apply of terraform/local, site.yml (run twice: the second must change nothing),
# a quick bench.yml and a quick faults.yml (hikari x restart, blackhole, reboot; checked), then site.yml and a quick
# faults.yml (hikari x restart) on PostgreSQL, terraform destroy).
# Usage: ansible/tests/run.sh            (from any directory)
#        POOLBENCH_CONVERGE=1 ansible/tests/run.sh
#        ansible/tests/run.sh --venv-only    (only the venv, as tests/run-all.sh makes it beside Maven)
set -euo pipefail

ANSIBLE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_DIR="$(dirname "$ANSIBLE_DIR")"
VENV="$REPO_DIR/.poolbench/venv-ansible"
LOG_DIR="$ANSIBLE_DIR/.cache/test-logs"
passed=0
failed=0

step() { printf '\n=== %s\n' "$*"; }
pass() { passed=$((passed + 1)); printf -- '--- PASS: %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf -- '--- FAIL: %s\n' "$*"; }
finish() {
  printf '\nansible: %d passed, %d failed\n' "$passed" "$failed"
  [[ $failed -eq 0 ]]
}

# Runs "$@", logging to $LOG_DIR/<name>.log; prints the tail on failure.
check() {
  local name=$1
  shift
  local log="$LOG_DIR/$name.log"
  local start=$SECONDS
  if "$@" >"$log" 2>&1; then
    pass "$name ($((SECONDS - start)) s)"
  else
    tail -n 40 "$log"
    fail "$name ($((SECONDS - start)) s, log: $log)"
    return 1
  fi
}

# Every PLAY RECAP line of a log must read changed=0 failed=0.
recap_unchanged() {
  local log=$1
  local recap
  recap=$(sed -n '/^PLAY RECAP/,$p' "$log" | grep -E ' : ok=' || true)
  printf '%s\n' "$recap"
  [[ -n "$recap" ]] || return 1
  ! grep -Ev 'changed=0 +unreachable=0 +failed=0' <<<"$recap" | grep -q .
}

mkdir -p "$LOG_DIR"

step "venv $VENV (ansible/requirements.txt)"
req_sum=$(sha256sum "$ANSIBLE_DIR/requirements.txt" | cut -d' ' -f1)
if [[ ! -x "$VENV/bin/ansible-playbook" || "$(cat "$VENV/.requirements.sha256" 2>/dev/null)" != "$req_sum" ]]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$ANSIBLE_DIR/requirements.txt"
  echo "$req_sum" >"$VENV/.requirements.sha256"
fi
if [[ "${1:-}" == --venv-only ]]; then
  exit 0
fi
export PATH="$VENV/bin:$PATH"
export ANSIBLE_CONFIG="$ANSIBLE_DIR/ansible.cfg"
export ANSIBLE_FORCE_COLOR=0 ANSIBLE_NOCOLOR=1 PY_COLORS=0
# Per-task timings in the logs of the converge and bench steps.
export ANSIBLE_CALLBACKS_ENABLED=ansible.posix.profile_tasks
cd "$ANSIBLE_DIR"
versions="$(ansible --version 2>&1)"
echo "${versions%%$'\n'*}"
versions="$(ansible-lint --version 2>&1)"
echo "${versions%%$'\n'*}"

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

step "poolbench_toxiproxy role on this machine (a local binary, nothing installed)"
# toxiproxy-server on the PATH, the one docs/vm-path.md's blocks or a plain `go install` built, or
# the one the local runner downloaded (bench/compare ToxiproxyBinary, e.g. in `./poolbench faults`);
# without any: skipped.
toxiproxy_bin="$(command -v toxiproxy-server || true)"
if [[ -z "$toxiproxy_bin" && -x "$REPO_DIR/.poolbench/toxiproxy/server" ]]; then
  toxiproxy_bin="$REPO_DIR/.poolbench/toxiproxy/server"
fi
if [[ -z "$toxiproxy_bin" ]] && command -v go >/dev/null 2>&1 && [[ -x "$(go env GOPATH)/bin/server" ]]; then
  toxiproxy_bin="$(go env GOPATH)/bin/server"
fi
if [[ -z "$toxiproxy_bin" && -x "$REPO_DIR/.poolbench/toxiproxy-2.12.0/toxiproxy-server" ]]; then
  toxiproxy_bin="$REPO_DIR/.poolbench/toxiproxy-2.12.0/toxiproxy-server"
fi
if [[ -n "$toxiproxy_bin" && -x "$toxiproxy_bin" ]]; then
  "$ANSIBLE_DIR/tests/toxiproxy/check.sh" "$toxiproxy_bin" "$LOG_DIR" && pass "toxiproxy role" || fail "toxiproxy role"
else
  echo "SKIPPED: no toxiproxy-server on the PATH and no Go-built one"
fi

step "bench.yml's duet command (templates/poolbench-duet.j2) in a scratch directory"
"$ANSIBLE_DIR/tests/duet/check.sh" "$LOG_DIR" && pass "duet command" || fail "duet command"

step "bench.yml's and size.yml's plans: the runner's options by default and on request (tests/plan/check.sh)"
"$ANSIBLE_DIR/tests/plan/check.sh" "$LOG_DIR" && pass "plans" || fail "plans"

step "a host per duet lane (terraform/local -var lanes=2): each app host's database is its lane's"
check lane-databases ansible-playbook -i tests/lanes/hosts.yml tests/lanes/play.yml || true

if [[ "${CI:-}" != "true" && "${POOLBENCH_CONVERGE:-}" != "1" ]]; then
  step "converge, bench and faults on a local fleet"
  echo "SKIPPED: the fleet (docs/vm-path.md's fleet block: terraform/local, site.yml x2, quick bench.yml and faults.yml) makes containers" \
    "and installs packages in them; run with POOLBENCH_CONVERGE=1 (or CI=true) to include it"
  finish
  exit $?
fi

# The converge, bench and faults runs: docs/vm-path.md's fleet block, on a local fleet of
# systemd hosts made by terraform/local.
# shellcheck source=ansible/tests/fleet.sh
source "$ANSIBLE_DIR/tests/fleet.sh"
