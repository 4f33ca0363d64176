#!/usr/bin/env bash
# Every test of poolbench, in the order a failure is cheapest to find. This is what
# `./poolbench test` runs and what CI (.ci/run) calls. Each step runs even when an earlier
# one failed, so one run shows every broken part; the exit status is non-zero if any failed.
#
#   maven          ./mvnw -B verify: sql (generator, loader, reset on a real MariaDB), webapp
#                  (one integration suite per pool profile, two with the session in a real
#                  redis-server), bench (client model, checks proven against a deliberately
#                  wrong server, statistics, the Redis loop's smallest cells)
#   quick-compare  ./poolbench compare --quick: the real comparison, short, must be valid
#   report-html    tests/check-report-html.sh: the quick comparison's report.html opened in headless
#                  Chromium (no network) renders with every picture loaded (screenshot of its top:
#                  results/report-html-compare.png)
#   quick-faults   ./poolbench faults --quick --profiles hikari --check: each fault scenario
#                  (unreachable, hang, restart) once, short; every measurement must be taken
#                  and consistent (errors seen, recovery measured, login_log rows = decisions)
#   faults-html    the same check on the quick faults run's report.html
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
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
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
step quick-compare ./poolbench compare --quick
# A missing chromium (exit 3) is a skip outside CI: the script says so in one line; with CI=true it fails.
html_check() { tests/check-report-html.sh --screenshot "results/report-html-$1.png" --latest "$1"; local status=$?; ((status == 3)) && return 0; return "$status"; }
step report-html html_check compare
step quick-faults ./poolbench faults --quick --profiles hikari --check
step faults-html html_check faults
step dashboard monitoring/check.sh
step terraform terraform/tests/run.sh
step ansible ansible/tests/run.sh

echo
echo "poolbench test summary: passed [${passed[*]:-}] failed [${failed[*]:-}] skipped [${skipped[*]:-}]"
((${#failed[@]} == 0))
