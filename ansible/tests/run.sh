#!/usr/bin/env bash
# Tests of ansible/: lint (production profile), syntax checks, an unknown poolbench_database or poolbench_design,
# size.yml's database distance, faults.yml's failover and demote without a MariaDB replica, idle-drop's bad times and
# max-connections' bad options refused, bench.yml's and size.yml's plans (tests/plan/check.sh), and inventories
# always; with CI=true or POOLBENCH_CONVERGE=1 also the path users run, on a local fleet of systemd hosts
# (tests/fleet.sh: the fleet block of docs/vm-path.md as written: terraform apply of terraform/local, site.yml (run
# twice: the second must change nothing), a quick bench.yml and a quick faults.yml (hikari x restart, blackhole,
# reboot; checked), then site.yml and a quick faults.yml (hikari x restart) on PostgreSQL, terraform destroy).
# Usage: ansible/tests/run.sh            (from any directory)
#        POOLBENCH_CONVERGE=1 ansible/tests/run.sh
#        ansible/tests/run.sh --static        (the venv and the checks that need nothing else: tests/static.sh;
#                                              tests/run-all.sh runs them beside Maven)
#        ansible/tests/run.sh --after-static  (the rest: the toxiproxy role and, with CI=true or
#                                              POOLBENCH_CONVERGE=1, the fleet; run-all's ansible step)
set -euo pipefail

mode="${1:-}"
case "$mode" in
  "" | --static | --after-static) ;;
  *) echo "ansible/tests/run.sh: unknown option '$mode' (--static or --after-static)" >&2; exit 2 ;;
esac

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

# shellcheck source=ansible/tests/static.sh
if [[ "$mode" != --after-static ]]; then source "$ANSIBLE_DIR/tests/static.sh"; fi
if [[ "$mode" == --static ]]; then
  finish
  exit $?
fi

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
