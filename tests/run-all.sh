#!/usr/bin/env bash
# Every test of poolbench, in the order a failure is cheapest to find. This is what
# `./poolbench test` runs and what CI (.ci/run) calls. Each step runs even when an earlier
# one failed, so one run shows every broken part; the exit status is non-zero if any failed.
#
#   maven          ./mvnw -B verify: sql (generator, loader, reset on a real MariaDB), webapp
#                  (one integration suite per pool profile, two with the session in a real
#                  redis-server), bench (client model, checks proven against a deliberately
#                  wrong server, statistics, the Redis loop's smallest cells)
#   docs           tests/check_docs.py: relative links and anchors of every *.md resolve, no
#                  reference outside the repository, every ./poolbench --option named in the
#                  docs exists (read from the picocli sources), usage = dispatch (self-tested)
#   quick-compare  ./poolbench compare --quick: the real comparison, short, must be valid
#   quick-faults   ./poolbench faults --quick --profiles hikari --check: each fault scenario
#                  (unreachable, hang, restart) once, short; every measurement must be taken
#                  and consistent (errors seen, recovery measured, login_log rows = decisions)
#   dashboard      monitoring/check.sh: the committed Grafana JSON is what monitoring/dashboard.py
#                  generates (the SDK in .poolbench/venv-dashboards)
#   terraform      fmt, checkov, terraform test of the inventory module (offline)
#   ansible        ansible-lint (production), syntax check; with CI=true or POOLBENCH_CONVERGE=1
#                  also site.yml twice against this machine (second run changed=0), a
#                  quick bench.yml and a quick faults.yml (hikari x restart, checked)
#
# usage: tests/run-all.sh [--skip STEP]...
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

declare -A skip=()
while (($#)); do
  case "$1" in
    --skip) skip["${2:?--skip needs a step name}"]=1; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "run-all: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

passed=() failed=() skipped=()
step() {
  local name="$1"; shift
  if [[ -n "${skip[$name]:-}" ]]; then skipped+=("$name"); echo "=== $name: skipped (--skip)"; return; fi
  echo
  echo "=== $name: $*"
  local started=$SECONDS
  if "$@"; then
    passed+=("$name"); echo "=== $name: passed in $((SECONDS - started)) s"
  else
    failed+=("$name"); echo "=== $name: FAILED after $((SECONDS - started)) s"
  fi
}

step maven ./mvnw -B -ntp verify
step docs python3 tests/check_docs.py
step quick-compare ./poolbench compare --quick
step quick-faults ./poolbench faults --quick --profiles hikari --check
step dashboard monitoring/check.sh
step terraform terraform/tests/run.sh
step ansible ansible/tests/run.sh

echo
echo "poolbench test summary: passed [${passed[*]:-}] failed [${failed[*]:-}] skipped [${skipped[*]:-}]"
((${#failed[@]} == 0))
