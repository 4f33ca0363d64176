#!/usr/bin/env bash
# Tests of ansible/: lint (production profile), syntax checks and inventories always; with
# CI=true or POOLBENCH_CONVERGE=1 also a real run on this machine (it installs packages):
# site.yml twice (the second run must change nothing), a quick bench.yml, a quick duet of
# bench.yml (poolbench_duet) and a quick faults.yml (one profile, the restart scenario, the checks of `faults --check`).
# Usage: ansible/tests/run.sh            (from any directory)
#        POOLBENCH_CONVERGE=1 ansible/tests/run.sh
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
# toxiproxy-server on the PATH, the one `go install` built, or the one the local runner
# downloaded (bench/compare ToxiproxyBinary, e.g. in `./poolbench faults`); without any: skipped.
toxiproxy_bin="$(command -v toxiproxy-server || true)"
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

if [[ "${CI:-}" != "true" && "${POOLBENCH_CONVERGE:-}" != "1" ]]; then
  step "converge and bench on this machine"
  echo "SKIPPED: converge (site.yml x2) and quick bench.yml install packages on this machine;" \
    "run with POOLBENCH_CONVERGE=1 (or CI=true) to include them"
  finish
  exit $?
fi

# Without systemd as PID 1 only the service start changes: MariaDB through its init script,
# the app through its start script with a pid file.
extra=()
if [[ -d /run/systemd/system ]]; then
  extra+=(-e poolbench_app_service_manager=systemd -e poolbench_mysql_service_manager=systemd
    -e poolbench_monitoring_service_manager=systemd)
else
  extra+=(-e poolbench_app_service_manager=background -e poolbench_mysql_service_manager=sysvinit
    -e poolbench_monitoring_service_manager=sysvinit)
fi
# A container with a read-only /proc/sys: write the sysctl.d file, do not apply it.
if [[ ! -w /proc/sys/net/core/somaxconn ]]; then
  extra+=(-e poolbench_tuning_apply=false)
fi
echo "extra vars: ${extra[*]}"

cleanup() {
  step "stopping the app, Toxiproxy, Redis, Prometheus, the exporters and the database started by this test"
  if [[ -d /run/systemd/system ]]; then
    systemctl stop poolbench-app poolbench-app-2 poolbench-toxiproxy redis-server prometheus prometheus-node-exporter \
      prometheus-mysqld-exporter mariadb mysql 2>/dev/null || true
  else
    for service in prometheus prometheus-mysqld-exporter prometheus-node-exporter; do
      [[ -x /etc/init.d/$service ]] && /etc/init.d/$service stop >/dev/null 2>&1 || true
    done
    /opt/poolbench/app/bin/poolbench-app stop 2>/dev/null || true
    /opt/poolbench/app/bin/poolbench-app-2 stop 2>/dev/null || true
    /opt/poolbench/toxiproxy/bin/poolbench-toxiproxy stop 2>/dev/null || true
    if [[ -x /etc/init.d/redis-server ]]; then /etc/init.d/redis-server stop >/dev/null 2>&1 || true; fi
    for script in /etc/init.d/mariadb /etc/init.d/mysql; do
      if [[ -x "$script" ]]; then "$script" stop >/dev/null 2>&1 || true; break; fi
    done
  fi
  finish
}
trap 'rc=$?; cleanup || rc=1; exit $rc' EXIT

step "snapshot of the built artifacts"
# Other work may rebuild target/ while this test runs; the playbooks get a frozen copy of
# what they deploy (poolbench_repo_dir), so "the second run changes nothing" tests Ansible,
# not a concurrent build.
artifacts=(webapp/target/poolbench-webapp.jar sql/target/poolbench-sql.jar
  bench/load/target/poolbench-load.jar bench/compare/target/poolbench-compare.jar)
for jar in "${artifacts[@]}"; do
  if [[ ! -s "$REPO_DIR/$jar" ]]; then
    echo "building the jars ($jar missing)"
    (cd "$REPO_DIR" && ./mvnw -q -B -DskipTests package)
    break
  fi
done
snapshot="$ANSIBLE_DIR/.cache/repo-snapshot"
rm -rf "$snapshot"
mkdir -p "$snapshot"/{webapp/target,sql/target,bench/load/target,bench/compare/target,monitoring}
cp -a "$REPO_DIR/monitoring/grafana" "$snapshot/monitoring/"
cp -a "$REPO_DIR/webapp/jvm.options" "$REPO_DIR/webapp/target/poolbench-webapp.jar" "$snapshot/webapp/"
mv "$snapshot/webapp/poolbench-webapp.jar" "$snapshot/webapp/target/"
cp -a "$REPO_DIR/sql/mysql" "$REPO_DIR"/sql/*.sql "$snapshot/sql/"
cp -a "$REPO_DIR/sql/target/poolbench-sql.jar" "$REPO_DIR/sql/target/lib" "$snapshot/sql/target/"
cp -a "$REPO_DIR/bench/load/target/poolbench-load.jar" "$REPO_DIR/bench/load/target/lib" "$snapshot/bench/load/target/"
cp -a "$REPO_DIR/bench/compare/target/poolbench-compare.jar" "$REPO_DIR/bench/compare/target/lib" "$snapshot/bench/compare/target/"
extra+=(-e "poolbench_repo_dir=$snapshot")
pass "snapshot in $snapshot"

step "site.yml on this machine (first run)"
check converge-1 ansible-playbook -i inventories/local/hosts.yml site.yml "${extra[@]}" || exit 1
sed -n '/^PLAY RECAP/,$p' "$LOG_DIR/converge-1.log" | grep -E ' : ok=' || true

step "site.yml on this machine (second run: changed=0 everywhere)"
if check converge-2 ansible-playbook -i inventories/local/hosts.yml site.yml "${extra[@]}"; then
  if recap_unchanged "$LOG_DIR/converge-2.log"; then
    pass "idempotence (second run changed=0)"
  else
    grep -B1 -E '^changed:' "$LOG_DIR/converge-2.log" | grep -E '^TASK|^RUNNING' || true
    fail "idempotence (second run changed something)"
  fi
fi

step "bench.yml quick (2 profiles x 1 run x 10 s, warm-up 3 s)"
stamp="ci-$(date -u +%Y%m%d-%H%M%S)"
# summarize_again RESULTS LOGNAME: the runner's summarize over a bench.yml result must exit 0.
summarize_again() {
  if java -jar "$snapshot/bench/compare/target/poolbench-compare.jar" summarize --results "$1" \
      >"$LOG_DIR/$2.log" 2>&1; then
    pass "summarize --results $1 (exit 0)"
  else
    tail -n 20 "$LOG_DIR/$2.log"
    fail "summarize --results $1"
  fi
}

if check bench-quick ansible-playbook -i inventories/local/hosts.yml bench.yml "${extra[@]}" \
    -e poolbench_profiles=hikari,dbcp2 -e poolbench_runs=1 -e poolbench_duration=10 -e poolbench_warmup=3 \
    -e poolbench_results_stamp="$stamp"; then
  results="$REPO_DIR/results/$stamp"
  cat "$results/summary.txt"
  # The summary was made by bench.yml; summarizing again must exit 0 (every run valid).
  summarize_again "$results" summarize
  # One engine with `./poolbench compare`: its summary.json (a paired verdict word, the pool
  # metrics sampled from the app host) and report.html, and the hosts' facts in environment.json.
  if python3 - "$results" <<'PY'
import html, json, os, sys
d = sys.argv[1]
summary = json.load(open(os.path.join(d, "summary.json")))
paired = [p for b in summary["blocks"] for p in b["paired"]]
assert paired and all(p["verdict"] in ("faster", "slower", "equivalent", "undecided") for p in paired), paired
assert all(r.get("meanPeakPending") is not None for b in summary["blocks"] for r in b["rows"]), "no pool metrics"
page = open(os.path.join(d, "report.html")).read()
escape = lambda t: html.escape(t).replace("&#x27;", "&#39;")  # as util.HtmlPage.escape
assert all(escape(p["text"]) in page for p in paired), "report.html lacks a verdict"
env = json.load(open(os.path.join(d, "environment.json")))
assert env["options"]["mode"] == "remote" and env["ansible"]["hosts"], env.keys()
PY
  then
    pass "summary.json (verdict, pool metrics), report.html, environment.json (remote, host facts)"
  else
    fail "the runner's files in $results"
  fi
fi

step "bench.yml quick duet (hikari+dbcp2, 1 round x 10 s, warm-up 3 s: the runner in remote mode)"
# Both apps on this host (the second on 8082/8083, database isu4_qualifier_2), both load JVMs
# started by the runner at one instant; the duet's records and verdict as locally.
duet_stamp="${stamp}-duet"
if check bench-duet ansible-playbook -i inventories/local/hosts.yml bench.yml "${extra[@]}" \
    -e poolbench_duet=true -e poolbench_profiles=hikari,dbcp2 -e poolbench_runs=1 -e poolbench_duration=10 \
    -e poolbench_warmup=3 -e poolbench_results_stamp="$duet_stamp"; then
  duet_results="$REPO_DIR/results/$duet_stamp"
  cat "$duet_results/summary.txt"
  summarize_again "$duet_results" summarize-duet
  # Two records of one window, lanes 0 and 1, each saying where its app ran; a duet line in the summary.
  if python3 - "$duet_results/runs.jsonl" <<'PY'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
assert len(records) == 2, records
assert sorted(r["duet"]["lane"] for r in records) == [0, 1]
assert len({r["duet"]["window"] for r in records}) == 1
assert sorted(r["profile"] for r in records) == ["dbcp2", "hikari"]
ports = sorted(r["remote"]["appUrl"].rsplit(":", 1)[1] for r in records)
assert ports == ["8080", "8082"], ports
assert all(r["valid"] for r in records), [r["problems"] for r in records]
PY
  then
    pass "runs.jsonl: one duet window, lanes 0 (8080) and 1 (8082), both valid"
  else
    fail "runs.jsonl of the duet"
  fi
  grep -q '^Duet ' "$duet_results/summary.txt" && pass "summary lists the duet" || fail "no duet line in summary.txt"
fi

step "Prometheus on this machine scraped both runs of bench.yml, the database and the host"
# The monitoring group of the local inventory: the runs' series carry their labels, and the
# exporters' targets are up (the role waited for them; this checks they stayed up).
prom_query() {
  curl -sf --get --data-urlencode "query=$1" http://127.0.0.1:9090/api/v1/query \
    | python3 -c 'import json,sys; print(" ".join(sorted(r["metric"].get(sys.argv[1], "") for r in json.load(sys.stdin)["data"]["result"])))' "$2"
}
runs_seen="$(prom_query 'count by (run) (last_over_time(poolbench_pool_active{job="poolbench-app",run=~"1-hikari|1-dbcp2"}[1h]))' run)"
[[ "$runs_seen" == "1-dbcp2 1-hikari" ]] && pass "pool series of runs 1-hikari and 1-dbcp2" \
  || fail "pool series by run: '$runs_seen' (expected 1-dbcp2 1-hikari)"
jobs_up="$(prom_query 'up{job=~"node|mysqld"} == 1' job)"
[[ "$jobs_up" == "mysqld node" ]] && pass "node and mysqld targets up" || fail "targets up: '$jobs_up'"
[[ "$(prom_query 'mysql_up' job)" == "mysqld" && -n "$(prom_query 'mysql_global_status_threads_connected' job)" ]] \
  && pass "mysql_up and threads_connected scraped" || fail "mysqld_exporter series"

step "faults.yml quick (hikari x restart, 25 s, with the checks of faults --check)"
# Only the restart scenario here: it is the one whose fault is the host's own (the database
# service stopped and started by the role); unreachable and hang are Toxiproxy toxics, the same
# code as the local quick-faults step of tests/run-all.sh, which runs all three. (CI time.)
# Toxiproxy on the app host (here) is copied from the binary found above: Debian 12's Go is too
# old for `go install` of Toxiproxy 2.12.0.
if [[ -z "$toxiproxy_bin" || ! -x "$toxiproxy_bin" ]]; then
  fail "faults-quick: no Toxiproxy server binary (toxiproxy-server on the PATH, a Go-built one, or"\
" .poolbench/toxiproxy-2.12.0/ from ./poolbench faults); faults.yml needs one on the app host"
else
  faults_stamp="${stamp}-faults"
  if check faults-quick ansible-playbook -i inventories/local/hosts.yml faults.yml "${extra[@]}" \
      -e poolbench_profiles=hikari -e poolbench_fault_scenarios=restart -e poolbench_quick=true \
      -e poolbench_faults_check=true \
      -e poolbench_toxiproxy_binary="$toxiproxy_bin" -e poolbench_results_stamp="$faults_stamp"; then
    faults_results="$REPO_DIR/results/$faults_stamp/faults"
    cat "$faults_results/faults.txt"
    # The figures again from the fetched files alone, with the checks: exit 0.
    if java -jar "$snapshot/bench/compare/target/poolbench-compare.jar" faults-summarize \
        --results "$faults_results" --check >"$LOG_DIR/faults-summarize.log" 2>&1; then
      pass "faults-summarize --check --results $faults_results (exit 0)"
    else
      tail -n 20 "$LOG_DIR/faults-summarize.log"
      fail "faults-summarize --check --results $faults_results"
    fi
    for run in restart-hikari; do
      for file in fault-run.json progress.tsv result.json load.log poolmetrics.csv pool-hikari.png \
          poolsettings.json app.log figures.json series.csv; do
        [[ -s "$faults_results/runs/$run/$file" ]] || { fail "missing faults/runs/$run/$file"; continue 2; }
      done
      pass "faults/runs/$run has the files of a local faults run"
    done
  fi
fi
