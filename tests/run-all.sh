#!/usr/bin/env bash
# Every test of poolbench, in the order a failure is cheapest to find. This is what
# `./poolbench test` runs and what CI (.ci/run) calls. Each step runs even when an earlier
# one failed, so one run shows every broken part; the exit status is non-zero if any failed.
#
#   preflight      tests/preflight.sh, before any step: every tool the steps need (the one list:
#                  tests/packages.txt). As root with apt-get it installs the missing packages
#                  itself; otherwise it stops here, exit 2, naming them and the apt-get command.
#                  Terraform (not in Debian's archive) is never installed: without it the
#                  terraform step is skipped with the reason (failed with CI=true).
#   preflight-test tests/preflight-test.sh: the preflight's refusal proven on a list with a
#                  package that does not exist (a few seconds, nothing installed)
#   maven          ./mvnw -B -fae -T 2 verify: two modules at a time where the build order allows
#                  (bench/compare's end-to-end tests beside webapp/it's integration suites, bench/load
#                  and bench/micro); test failures recorded rather than fatal: every module
#                  runs its tests even when an earlier module's failed (only the dependents of a
#                  module that did not compile are skipped); the step fails when Maven did or any
#                  surefire/failsafe report of this run has a failure or error, and the summary
#                  names those test classes. sql (generator, loader, reset on a real MariaDB),
#                  webapp (one integration suite per pool profile, two with the session in a real
#                  redis-server), bench (client model, checks proven against a deliberately wrong
#                  server, statistics, the Redis loop's smallest cells, Prometheus and exporters)
#   docs           tests/check_docs.py: relative links and anchors of every *.md resolve, no
#                  reference outside the repository, every ./poolbench --option named in the
#                  docs exists (read from the picocli sources), usage = dispatch, every -e NAME= of
#                  ansible-playbook and -var NAME= of terraform is a variable there (self-tested);
#                  docs/figures.py --check: every published figure is what its data in docs/data/
#                  renders to (the runner's `sittings`); tests/fault_figures_test.py: the fault
#                  tables per database and idle-timeout's, cell by cell on synthetic runs, and
#                  keep.py's fault folder names; tests/fleet_fault_figures_test.py: idle-drop's and
#                  demote's on the fleet, the same way; docs/options.py --check: docs/options.md
#                  is the commands' --help; docs/data/attribute_releases.py --check: every kept
#                  measurement names its releases (and the attribution's self-test)
#   quick-compare  ./poolbench compare --quick: the real comparison, short, must be valid; then
#                  tests/check_quick_compare.py on its results: each duet's lanes in one window,
#                  valid, checked against /report, on their own database; the verdict paired by
#                  duet; each window after the first started ahead; nothing left running (self-tested)
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
#                  dashboard and terraform need nothing Maven builds: they run beside the maven
#                  step, then the ansible checks that need only its venv (ansible/tests/run.sh
#                  --static); their output and verdict are shown in their place
#   ansible        beside the maven step: ansible-lint (production), syntax check, refusals,
#                  inventories, plans; here the toxiproxy role; with CI=true or POOLBENCH_CONVERGE=1
#                  also the local fleet: docs/vm-path.md's fleet block as written (terraform/local
#                  apply: db, app, bench-1 as systemd-nspawn hosts; site.yml twice, the second
#                  changed=0; a quick bench.yml and faults.yml (reboot, restart, blackhole,
#                  checked); site.yml twice and a quick faults.yml (restart, checked) on PostgreSQL; destroy)
#
# usage: tests/run-all.sh [--skip STEP]...
#   --skip STEP     leave a step out (repeatable); the tools only skipped steps need are not
#                   checked. --skip preflight runs the steps without the preflight (each then
#                   fails on whatever is missing, as a step of its own).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2

STEPS=(preflight-test maven docs quick-compare report-html quick-faults faults-html dashboard terraform ansible)

declare -A skip=()
while (($#)); do
  case "$1" in
    --skip)
      name="${2:?--skip needs a step name}"
      if [[ "$name" != preflight && " ${STEPS[*]} " != *" $name "* ]]; then
        echo "run-all: unknown step '$name' (steps: preflight ${STEPS[*]})" >&2; exit 2
      fi
      skip["$name"]=1; shift 2 ;;
    -h|--help) sed -n '2,/^set -uo pipefail$/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "run-all: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

passed=() failed=() skipped=()
# Steps the preflight settled without running them: "skip STEP reason" / "fail STEP reason".
declare -A settled=() settled_reason=()
preflight() {
  if [[ -n "${skip[preflight]:-}" ]]; then skipped+=(preflight); echo "=== preflight: skipped (--skip)"; return; fi
  local running=() name report status=0 verdict reason
  for name in "${STEPS[@]}"; do [[ -n "${skip[$name]:-}" ]] || running+=("$name"); done
  mkdir -p .poolbench
  report="$(mktemp .poolbench/preflight-report.XXXXXX)"
  echo "=== preflight: tests/preflight.sh"
  tests/preflight.sh --steps "$(IFS=,; echo "${running[*]}")" --report "$report" || status=$?
  if ((status != 0)); then rm -f "$report"; exit "$status"; fi
  while read -r verdict name reason; do
    settled["$name"]="$verdict" settled_reason["$name"]="$reason"
  done <"$report"
  rm -f "$report"
  passed+=(preflight)
}

# True when STEP runs: not skipped (--skip) and not settled by the preflight.
runs() { [[ -z "${skip[$1]:-}" && -z "${settled[$1]:-}" ]]; }

step() {
  local name="$1"; shift
  if [[ -n "${skip[$name]:-}" ]]; then skipped+=("$name"); echo "=== $name: skipped (--skip)"; return; fi
  if [[ "${settled[$name]:-}" == skip ]]; then
    skipped+=("$name"); echo; echo "=== $name: skipped (${settled_reason[$name]})"; return
  fi
  if [[ "${settled[$name]:-}" == fail ]]; then
    failed+=("$name"); echo; echo "=== $name: FAILED, not run (${settled_reason[$name]})"; return
  fi
  echo
  echo "=== $name: $*"
  local started=$SECONDS
  if "$@"; then
    passed+=("$name"); echo "=== $name: passed in $((SECONDS - started)) s"
  else
    failed+=("$name"); echo "=== $name: FAILED after $((SECONDS - started)) s"
  fi
}

# Beside the maven step: the steps that need nothing it builds, one after the other in one
# background job, each step's output in .poolbench/beside-STEP.log and its exit status and
# seconds in .poolbench/beside-STEP.status. `beside COMMAND`, run by `step` in the step's place,
# waits for the job and shows what the step printed. The ansible step's part here is its checks
# that need only its venv (made there); the rest (the toxiproxy role, the fleet) runs in its place.
BESIDE=(dashboard:monitoring/check.sh terraform:terraform/tests/run.sh "ansible:ansible/tests/run.sh --static")
beside_pid=""
start_beside() {
  local entry name started
  rm -f .poolbench/beside-*
  (
    for entry in "${BESIDE[@]}"; do
      name="${entry%%:*}"
      runs "$name" || continue
      started=$SECONDS
      # shellcheck disable=SC2086 # the command and its words
      ${entry#*:} >".poolbench/beside-$name.log" 2>&1
      echo "$? $((SECONDS - started))" >".poolbench/beside-$name.status"
    done
  ) &
  beside_pid=$!
  echo "=== beside the maven step: ${BESIDE[*]%%:*} (.poolbench/beside-*.log)"
}
beside_wait() {
  if [[ -n "$beside_pid" ]]; then wait "$beside_pid"; fi
  beside_pid=""
}
beside() {
  local entry name="" status=1 seconds="?"
  for entry in "${BESIDE[@]}"; do [[ "${entry#*:}" == "$1" ]] && name="${entry%%:*}"; done
  beside_wait
  cat ".poolbench/beside-$name.log" 2>/dev/null
  read -r status seconds <".poolbench/beside-$name.status" 2>/dev/null
  echo "($1 ran beside the maven step, in $seconds s)"
  return "$status"
}

# maven: -fae and maven.test.failure.ignore, so one module's failing tests neither stop the build
# nor skip the modules after it (with -fae alone Maven still skips every module that depends on a
# failed one: sql's failure would skip webapp, bench/compare and bench/micro). A failed test then
# no longer fails Maven: the reports of this run do (tests/maven-failures.sh), and the summary names them.
maven_notes=()
maven_verify() {
  local stamp log=.poolbench/test-maven.log status=0
  mkdir -p .poolbench
  stamp="$(mktemp .poolbench/maven-stamp.XXXXXX)"
  ./mvnw -B -ntp -fae -T 2 -Dmaven.test.failure.ignore=true verify 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  mapfile -t maven_notes < <(tests/maven-failures.sh "$stamp" "$log")
  rm -f "$stamp"
  ((${#maven_notes[@]} == 0)) || printf '%s\n' "${maven_notes[@]}"
  ((status == 0 && ${#maven_notes[@]} == 0))
}

preflight
mkdir -p .poolbench
start_beside
step preflight-test tests/preflight-test.sh
step maven maven_verify
# docs after maven: the figures are re-rendered by the runner's jar, the options page from --help.
docs_check() {
  local status=0
  python3 tests/check_docs.py || status=1
  python3 docs/figures.py --check || status=1
  python3 tests/fault_figures_test.py || status=1
  python3 tests/fleet_fault_figures_test.py || status=1
  python3 docs/options.py --check || status=1
  python3 docs/data/attribute_releases.py --check || status=1
  return "$status"
}
step docs docs_check
# The quick comparison, then its results checked beyond its exit status (what two end-to-end tests of
# bench/compare checked on comparisons of their own: the duets, the head start).
quick_compare() {
  ./poolbench compare --quick && python3 tests/check_quick_compare.py --latest
}
step quick-compare quick_compare
# A missing chromium (exit 3) is a skip outside CI: the script says so in one line; with CI=true it fails.
html_check() { tests/check-report-html.sh --screenshot "results/report-html-$1.png" --latest "$1"; local status=$?; ((status == 3)) && return 0; return "$status"; }
step report-html html_check compare
step quick-faults ./poolbench faults --quick --profiles hikari --check
step faults-html html_check faults
step dashboard beside monitoring/check.sh
step terraform beside terraform/tests/run.sh
beside_wait
# ansible: its checks that need only the venv ran beside the maven step (shown here); the rest now.
ansible_checks() {
  local status=0
  beside "ansible/tests/run.sh --static" || status=1
  ansible/tests/run.sh --after-static || status=1
  return "$status"
}
step ansible ansible_checks

echo
((${#maven_notes[@]} == 0)) || printf '%s\n' "${maven_notes[@]}"
echo "poolbench test summary: passed [${passed[*]:-}] failed [${failed[*]:-}] skipped [${skipped[*]:-}]"
((${#failed[@]} == 0))
