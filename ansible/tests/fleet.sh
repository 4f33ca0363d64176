# The path users run, on a local fleet: the fleet block of docs/vm-path.md, as written. Sourced
# by ansible/tests/run.sh with CI=true or POOLBENCH_CONVERGE=1 (its venv, step, check, pass,
# fail, finish and recap_unchanged are used here).
# The block's lines run one by one in this shell from the top of the checkout (so its `cd` and
# `.` stay in effect), with only these additions, which the page lists too:
#   BENCH_ARGS, FAULTS_ARGS     the quick forms below (a user leaves them empty: the defaults);
#   -e poolbench_repo_dir=...   appended to each ansible-playbook line: a frozen copy of the jars;
# and the checks between its lines: terraform apply twice (the second changes nothing); site.yml
# against a database address no app host reaches (refused before anything is installed);
# site.yml twice with systemd (the second changed=0), every installed unit active, the app
# connected to the database host's address; the quick bench.yml's and faults.yml's fetched
# results summarized and checked; after the faults.yml line, the site.yml line again with
# -e poolbench_database=postgres and the faults.yml line as a quick restart on PostgreSQL
# (tests/fleet-postgres.sh); with POOLBENCH_FLEET_SIZE=1, after the bench.yml line the same line as
# a quick size.yml (fleet_size); after destroy, nothing of the fleet left. Also the fleet without root. A trap destroys the fleet when the block stops early.
# Needs root, terraform, systemd-nspawn, debootstrap, nft: without them the step is skipped
# (failed with CI=true).

fleet_missing=""
[[ $(id -u) -eq 0 ]] || fleet_missing="root"
for tool in terraform systemd-nspawn debootstrap nft; do
  command -v "$tool" >/dev/null 2>&1 || fleet_missing="$fleet_missing $tool"
done
if [[ -n "$fleet_missing" ]]; then
  step "the fleet (terraform/local, site.yml, bench.yml, faults.yml on systemd hosts)"
  if [[ "${CI:-}" == "true" ]]; then fail "fleet: missing$fleet_missing"; else echo "SKIPPED: missing$fleet_missing"; fi
  finish
  exit $?
fi

TF_LOCAL="$REPO_DIR/terraform/local"
FLEET_INVENTORY="$ANSIBLE_DIR/inventories/fleet/hosts.yml"
FLEET_PAGE="$REPO_DIR/docs/vm-path.md"
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 TF_INPUT=0 CHECKPOINT_DISABLE=1
tf_local() { terraform -chdir="$TF_LOCAL" "$@" -no-color; }
fleet_ssh() {
  local host=$1; shift
  ssh -n -i "$REPO_DIR/.poolbench/fleet/id_ed25519" -o BatchMode=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "admin@$host" "$@"
}

# The block's commands: the lines of the fenced block between the page's fleet-block markers,
# comment and blank lines left out, a line ending in \ joined with the next.
fleet_block=()
if [[ -f "$FLEET_PAGE" ]]; then
  mapfile -t fleet_block < <(awk '
    /^<!-- fleet-block -->$/ { marked = 1; next }
    /^<!-- \/fleet-block -->$/ { marked = 0; next }
    marked && /^```/ { fenced = !fenced; next }
    marked && fenced {
      if (joined == "" && $0 ~ /^[[:space:]]*(#|$)/) next
      line = joined $0
      if (line ~ /\\$/) { joined = substr(line, 1, length(line) - 1); next }
      joined = ""
      print line
    }' "$FLEET_PAGE")
fi

# What a line of the block is to this test, by the command it runs (its trailing comment left out).
fleet_line_kind() {
  local command="${1%% #*}"
  local init_re='(^| )terraform( .*)? init( |$)' apply_re='(^| )terraform( .*)? apply( |$)'
  local destroy_re='(^| )terraform( .*)? destroy( |$)' site_re='(^| )ansible-playbook( .*)? site\.yml( |$)'
  local bench_re='(^| )ansible-playbook( .*)? bench\.yml( |$)' faults_re='(^| )ansible-playbook( .*)? faults\.yml( |$)'
  if [[ $command =~ $init_re ]]; then echo init
  elif [[ $command =~ $apply_re ]]; then echo apply
  elif [[ $command =~ $destroy_re ]]; then echo destroy
  elif [[ $command =~ $site_re ]]; then echo site
  elif [[ $command =~ $bench_re ]]; then echo bench
  elif [[ $command =~ $faults_re ]]; then echo faults
  else echo other
  fi
}

step "the fleet block of docs/vm-path.md: the lines this test runs"
# Checked before anything is made: each line the checks hang on exactly once, and the two
# variables that make bench.yml and faults.yml quick here.
declare -A fleet_kinds=()
fleet_page_problems=""
for fleet_line in "${fleet_block[@]}"; do
  fleet_kind="$(fleet_line_kind "$fleet_line")"
  fleet_kinds[$fleet_kind]=$((${fleet_kinds[$fleet_kind]:-0} + 1))
  printf '  %-8s %s\n' "$fleet_kind" "$fleet_line"
  # shellcheck disable=SC2016 # the variable's name, not its value
  case "$fleet_kind" in
    bench) [[ "$fleet_line" == *'$BENCH_ARGS'* ]] || fleet_page_problems+=" the bench.yml line has no \$BENCH_ARGS;" ;;
    faults) [[ "$fleet_line" == *'$FAULTS_ARGS'* ]] || fleet_page_problems+=" the faults.yml line has no \$FAULTS_ARGS;" ;;
  esac
done
for fleet_kind in init apply site bench faults destroy; do
  ((${fleet_kinds[$fleet_kind]:-0} == 1)) \
    || fleet_page_problems+=" ${fleet_kinds[$fleet_kind]:-0} $fleet_kind lines (one wanted);"
done
if ((${#fleet_block[@]} == 0)); then
  fail "docs/vm-path.md: no fenced block between <!-- fleet-block --> and <!-- /fleet-block -->"
  finish
  exit $?
elif [[ -n "$fleet_page_problems" ]]; then
  fail "docs/vm-path.md's fleet block:${fleet_page_problems%;}"
  finish
  exit $?
fi
pass "docs/vm-path.md's fleet block: ${#fleet_block[@]} lines (init, apply, site.yml, bench.yml, faults.yml, destroy each once)"

# The quick forms of the block's bench.yml and faults.yml lines (the page names them too).
fleet_stamp="fleet-$(date -u +%Y%m%d-%H%M%S)"
BENCH_ARGS="-e poolbench_profiles=hikari,dbcp2 -e poolbench_runs=1 -e poolbench_duration=10 -e poolbench_warmup=3"
BENCH_ARGS+=" -e poolbench_results_stamp=$fleet_stamp"
# reboot first: a restart after it must still take the database away (socket activation once restarted it at once).
FAULTS_ARGS="-e poolbench_profiles=hikari -e poolbench_fault_scenarios=reboot,restart,blackhole -e poolbench_quick=true"
FAULTS_ARGS+=" -e poolbench_faults_check=true -e poolbench_results_stamp=$fleet_stamp-faults"

fleet_applied=0    # the block got to its apply line: terraform may have something to destroy
fleet_destroyed=0  # the block's destroy line passed
fleet_cleanup() {
  if ((fleet_destroyed == 0)); then
    step "terraform destroy of terraform/local (the block stopped before its destroy line, or it failed)"
    if ((fleet_applied == 0)); then
      # Nothing applied; `fleet down` in case the check without root made something after all.
      "$REPO_DIR/poolbench" fleet down >"$LOG_DIR/fleet-down.log" 2>&1 || true
    elif tf_local destroy -auto-approve >"$LOG_DIR/fleet-destroy-trap.log" 2>&1; then
      pass "terraform destroy"
    else
      tail -n 20 "$LOG_DIR/fleet-destroy-trap.log"; fail "terraform destroy"; "$REPO_DIR/poolbench" fleet down || true
    fi
  fi
  step "nothing of the fleet left"
  local left=""
  pgrep -x systemd-nspawn >/dev/null && left="$left systemd-nspawn processes,"
  pgrep -f 'fleet\.sh _supervise ' >/dev/null && left="$left fleet supervisors,"
  ip link show pbfleet0 >/dev/null 2>&1 && left="$left the pbfleet0 bridge,"
  nft list table ip poolbench_fleet >/dev/null 2>&1 && left="$left the nftables table,"
  [[ -e "$FLEET_INVENTORY" ]] && left="$left the inventory,"
  [[ "$(cat /proc/sys/net/ipv4/ip_forward)" == "$fleet_forward_before" ]] || left="$left ip_forward changed,"
  [[ -z "$left" ]] && pass "nothing left (no container, bridge, NAT table, inventory; ip_forward $fleet_forward_before)" \
    || fail "left behind:${left%,}"
  finish
}
fleet_forward_before="$(cat /proc/sys/net/ipv4/ip_forward)"
fleet_started=$SECONDS
trap 'rc=$?; fleet_cleanup || rc=1; echo "fleet step: $((SECONDS - fleet_started)) s"; exit $rc' EXIT

step "the fleet without root: one clear line, nothing made"
if out="$(setpriv --reuid=65534 --regid=65534 --clear-groups "$REPO_DIR/fleet/fleet.sh" up 2>&1)"; then
  fail "fleet up as nobody succeeded: $out"
elif [[ "$out" == "fleet: needs root"* ]] && ! ip link show pbfleet0 >/dev/null 2>&1; then
  pass "fleet up as nobody: $out"
else
  fail "fleet up as nobody: '$out'"
fi

step "snapshot of the built artifacts"
# The playbooks deploy a frozen copy (poolbench_repo_dir): a concurrent build cannot change
# what the second converge sees, so "changed=0" tests Ansible.
artifacts=(webapp/target/poolbench-webapp.jar sql/target/poolbench-sql.jar
  bench/load/target/poolbench-load.jar bench/compare/target/poolbench-compare.jar)
for jar in "${artifacts[@]}"; do
  [[ -s "$REPO_DIR/$jar" ]] && continue
  echo "building the jars ($jar missing)"; (cd "$REPO_DIR" && ./mvnw -q -B -DskipTests package); break
done
snapshot="$ANSIBLE_DIR/.cache/repo-snapshot"
rm -rf "$snapshot"
mkdir -p "$snapshot"/{webapp/target,webapp/src/main/resources,sql/target,bench/load/target,bench/compare/target,monitoring}
cp -a "$REPO_DIR/monitoring/grafana" "$snapshot/monitoring/"
cp -a "$REPO_DIR/webapp/jvm.options" "$snapshot/webapp/"
cp -a "$REPO_DIR/webapp/src/main/resources/pools.json" "$snapshot/webapp/src/main/resources/"  # the role's pool catalogue
cp -a "$REPO_DIR/webapp/target/poolbench-webapp.jar" "$snapshot/webapp/target/"
cp -a "$REPO_DIR/sql/mysql" "$REPO_DIR/sql/postgres" "$REPO_DIR"/sql/*.sql "$snapshot/sql/"
for module in sql bench/load bench/compare; do
  cp -a "$REPO_DIR/$module/target/poolbench-$(basename "$module").jar" "$REPO_DIR/$module/target/lib" "$snapshot/$module/target/"
done
# Appended to each ansible-playbook line of the block, quoted for its eval.
fleet_extra="$(printf ' %q' -e "poolbench_repo_dir=$snapshot")"
pass "snapshot in $snapshot"

# Runs one line of the block in this shell (a `cd` or `.` in it stays in effect), logged to
# $LOG_DIR/NAME.log; passes or fails NAME, naming the line.
fleet_run_line() {
  local name=$1 line=$2 log="$LOG_DIR/$1.log" start=$SECONDS
  echo "\$ $line"
  if eval "$line" >"$log" 2>&1; then
    pass "$name ($((SECONDS - start)) s)"
  else
    tail -n 40 "$log"
    fail "$name ($((SECONDS - start)) s, log: $log): $line"
    return 1
  fi
}

# unit_active HOST UNIT...: systemctl is-active on the host must print "active" for each.
unit_active() {
  local host=$1 unit state; shift
  for unit in "$@"; do
    state="$(fleet_ssh "$host" systemctl is-active "$unit" || true)"
    [[ "$state" == active ]] && pass "$unit active on $host" || fail "$unit on $host: '$state'"
  done
}

# After the apply line: the same line again changes nothing; a site.yml whose database address
# no app host reaches is refused before anything is installed.
fleet_after_apply() {
  local line=$1
  if fleet_run_line fleet-apply-again "$line" \
      && sed 's/\x1b\[[0-9;]*m//g' "$LOG_DIR/fleet-apply-again.log" \
        | grep -q 'Apply complete! Resources: 0 added, 0 changed, 0 destroyed'; then
    pass "second apply: 0 added, 0 changed, 0 destroyed"
  else
    fail "second apply changed something or failed"
  fi
  "$REPO_DIR/poolbench" fleet status

  step "site.yml against an inventory whose database address no app host reaches"
  mkdir -p "$LOG_DIR/fleet-unreachable"
  sed 's/"poolbench_private_ip": "10.77.0.10"/"poolbench_private_ip": "10.77.0.99"/' "$FLEET_INVENTORY" \
    >"$LOG_DIR/fleet-unreachable/hosts.yml"
  cp -a "$ANSIBLE_DIR/inventories/fleet/group_vars" "$LOG_DIR/fleet-unreachable/"
  if (cd "$ANSIBLE_DIR" && ansible-playbook -i "$LOG_DIR/fleet-unreachable/hosts.yml" site.yml) \
      >"$LOG_DIR/fleet-unreachable.log" 2>&1; then
    fail "site.yml ran with an unreachable database host"
  elif grep -q 'The app host poolbench-app (10.77.0.11) cannot reach the database host poolbench-db at 10.77.0.99:3306' \
      "$LOG_DIR/fleet-unreachable.log" && ! fleet_ssh 10.77.0.10 test -e /usr/sbin/mariadbd; then
    pass "refused before anything was installed, naming both addresses"
  else
    tail -n 20 "$LOG_DIR/fleet-unreachable.log"; fail "unreachable database host: no clear refusal"
  fi
}

# converge_twice LOG WHAT LINE: a site.yml line twice, the second run must change nothing (logs
# LOG-1.log and LOG-2.log; WHAT names the variant in the steps). Non-zero when the first run fails.
converge_twice() {
  local log=$1 what=$2 line=$3
  step "site.yml $what (first run)"
  fleet_run_line "$log-1" "$line" || return 1
  step "site.yml $what (second run: changed=0 everywhere)"
  if fleet_run_line "$log-2" "$line"; then
    if recap_unchanged "$LOG_DIR/$log-2.log"; then
      pass "idempotence $what (second run changed=0)"
    else
      grep -B1 -E '^changed:' "$LOG_DIR/$log-2.log" | grep -E '^TASK' || true
      fail "idempotence $what (second run changed something)"
    fi
  fi
}

# The site.yml line twice (the second must change nothing), then the units and the app's database.
fleet_site() {
  local line=$1
  converge_twice fleet-converge "on the fleet, systemd" "$line" || return 1

  step "every unit the roles installed is active under systemd; the app talks to the db host's address"
  unit_active 10.77.0.10 mariadb redis-server
  unit_active 10.77.0.11 poolbench-app
  local app_env conns
  app_env="$(fleet_ssh 10.77.0.11 sudo cat /etc/poolbench/app.env)"
  grep -q '^ISU4_DB_HOST=10.77.0.10$' <<<"$app_env" && pass "app.env: ISU4_DB_HOST=10.77.0.10" \
    || fail "app.env has no ISU4_DB_HOST=10.77.0.10: $(grep DB_HOST <<<"$app_env")"
  conns="$(fleet_ssh 10.77.0.10 "ss -Htn state established '( sport = :3306 )'" | grep -c ' 10.77.0.11:' || true)"
  ((conns > 0)) && pass "db host: $conns established connections from 10.77.0.11 to :3306" \
    || fail "db host: no established connection from the app host (10.77.0.11) to :3306"
  return 0
}

# The bench.yml line with the quick BENCH_ARGS, then its fetched results.
fleet_bench() {
  local line=$1 results="$REPO_DIR/results/$fleet_stamp"
  step "bench.yml quick on the fleet (hikari beside dbcp2: 1 duet of 10 s, warm-up 3 s)"
  fleet_run_line fleet-bench-quick "$line" || return 1
  cat "$results/summary.txt"
  # Summarizing the fetched results again must exit 0 (every run valid).
  if java -jar "$snapshot/bench/compare/target/poolbench-compare.jar" summarize --results "$results" \
      >"$LOG_DIR/fleet-summarize.log" 2>&1; then
    pass "summarize --results $results (exit 0)"
  else
    tail -n 20 "$LOG_DIR/fleet-summarize.log"; fail "summarize --results $results"
  fi
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
# bench.yml's default design, as the local compare's: duets (each window the reference beside dbcp2).
assert env["options"]["duet"] is True and env["remote"]["lanes"][1]["databaseSuffix"] == "_2", env["options"]
# One kernel under every host: the app's and database's CPU is not a stranger's (compare-run.yml).
text = open(os.path.join(d, "summary.txt")).read()
assert "other processes not watched: --disturbance-thresholds other=off" in text, text
assert "other processes used" not in text, text
PY
  then
    pass "summary.json (verdict, pool metrics), report.html, environment.json (remote, duets, host facts), other=off on one kernel"
  else
    fail "the runner's files in $results"
  fi
}

# With POOLBENCH_FLEET_SIZE=1 (off until its time is measured): the block's bench.yml line as
# size.yml with SIZE_ARGS (hikari, quick: candidates 4 and 8, two 10-s duets), then its fetched
# size.json: the search's answer, the server's max_connections and the db host's cores passed.
fleet_size() {
  local line=${1/bench.yml/size.yml} results="$REPO_DIR/results/$fleet_stamp-size"
  # shellcheck disable=SC2016 # the variable's name, not its value
  line=${line/'$BENCH_ARGS'/'$SIZE_ARGS'}
  SIZE_ARGS="-e poolbench_profiles=hikari -e poolbench_quick=true -e poolbench_results_stamp=$fleet_stamp-size"
  step "size.yml quick on the fleet (hikari, sizes 4 and 8, two duets of 10 s after 3 s of warm-up)"
  # Two quick duets rarely settle a size: size.yml then fails naming the size left open, as the
  # local command exits 1; the fetched files are checked either way.
  local log="$LOG_DIR/fleet-size-quick.log" start=$SECONDS
  echo "\$ $line"
  if eval "$line" >"$log" 2>&1; then
    pass "fleet-size-quick ($((SECONDS - start)) s)"
  elif grep -q "A size left open" "$log"; then
    pass "fleet-size-quick ($((SECONDS - start)) s): failed naming a size left open, as it should"
  else
    tail -n 40 "$log"; fail "fleet-size-quick ($((SECONDS - start)) s, log: $log): $line"; return 1
  fi
  cat "$results/size.txt"
  local max_connections cores
  max_connections="$(fleet_ssh 10.77.0.10 sudo mysql --batch --skip-column-names --execute='SELECT @@GLOBAL.max_connections')"
  cores="$(fleet_ssh 10.77.0.10 nproc --all)"
  if python3 - "$results" "$max_connections" "$cores" <<'PY'
import json, os, sys
d, max_connections, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
size = json.load(open(os.path.join(d, "size.json")))
pool = size["pools"][0]
assert pool["profile"] == "hikari" and pool["sizes"], pool
env = json.load(open(os.path.join(d, "environment.json")))
search = env["options"]["sizeSearch"]
assert env["options"]["mode"] == "remote" and search["candidates"] == [4, 8], env["options"]
assert search["maxConnections"] == max_connections and search["dbCores"] == cores, (search, max_connections, cores)
assert pool["formula"]["cores"] == cores and pool["formula"]["coresFrom"] == "--db-cores", pool["formula"]
assert "replicas" not in pool or pool["replicas"]["maxConnections"] == max_connections, pool["replicas"]
runs = [json.loads(line) for line in open(os.path.join(d, "runs.jsonl")) if line.strip()]
assert runs and all(r["valid"] and r["duet"]["referencePoolSize"] == 8 for r in runs), [r["problems"] for r in runs]
PY
  then
    pass "size.json (hikari's sizes), environment.json (remote, sizeSearch: max_connections $max_connections, $cores cores), valid duets at 8"
  else
    fail "the size search's files in $results"
  fi
}

# faults_summarize_check RESULTS LOG_NAME: the runner's faults-summarize --check on fetched results.
faults_summarize_check() {
  local results=$1 log="$LOG_DIR/$2.log"
  if java -jar "$snapshot/bench/compare/target/poolbench-compare.jar" faults-summarize \
      --results "$results" --check >"$log" 2>&1; then
    pass "faults-summarize --check --results $results (exit 0)"
  else
    tail -n 20 "$log"; fail "faults-summarize --check --results $results"
  fi
}

# The faults.yml line with the quick FAULTS_ARGS, then its fetched results.
fleet_faults() {
  local line=$1 faults_results="$REPO_DIR/results/$fleet_stamp-faults/faults"
  step "faults.yml quick on the fleet (hikari x restart, blackhole, reboot: systemctl, nftables and a reboot of the db host, with the checks of faults --check)"
  fleet_run_line fleet-faults-quick "$line" || return 1
  cat "$faults_results/faults.txt"
  faults_summarize_check "$faults_results" fleet-faults-summarize
  unit_active 10.77.0.10 mariadb
  unit_active 10.77.0.11 poolbench-toxiproxy
  # The blackhole ran (its run in faults.json) and left nothing behind on the db host.
  grep -q '"scenario" : "blackhole"' "$faults_results/faults.json" && pass "a blackhole run in faults.json" \
    || fail "no blackhole run in $faults_results/faults.json"
  if fleet_ssh 10.77.0.10 sudo nft list table inet poolbench_fault >/dev/null 2>&1; then
    fail "the blackhole's nftables table is still on the db host"
  else
    pass "no nftables table of the blackhole left on the db host"
  fi
  # The reboot ran (its run in faults.json), the db host's container was started again by its
  # supervisor (fleet.sh logs each restart), and its watcher consumed the pending file.
  grep -q '"scenario" : "reboot"' "$faults_results/faults.json" && pass "a reboot run in faults.json" \
    || fail "no reboot run in $faults_results/faults.json"
  local reboots
  reboots="$(grep -c '^fleet: db rebooted ' "$REPO_DIR/.poolbench/fleet/logs/db.log" 2>/dev/null || true)"
  ((${reboots:-0} >= 1)) && pass "the db host rebooted (${reboots}x) and its supervisor started it again" \
    || fail "the db host's supervisor saw no reboot (.poolbench/fleet/logs/db.log)"
  local pending
  pending="$(fleet_ssh 10.77.0.10 'if test -e /opt/poolbench/faults/reboot-pending.json; then echo left; else echo none; fi' \
    || true)"
  [[ "$pending" == none ]] && pass "no pending reboot left on the db host (its watcher ran)" \
    || fail "the reboot's pending file on the db host: '${pending:-no answer over SSH}' (its watcher did not run)"
}

# shellcheck source=ansible/tests/fleet-postgres.sh
source "$ANSIBLE_DIR/tests/fleet-postgres.sh"

step "the fleet block of docs/vm-path.md, line by line from the top of the checkout"
cd "$REPO_DIR"
fleet_index=0
for fleet_line in "${fleet_block[@]}"; do
  fleet_index=$((fleet_index + 1))
  case "$(fleet_line_kind "$fleet_line")" in
    init)
      fleet_run_line fleet-init "$fleet_line" || exit 1 ;;
    apply)
      fleet_applied=1
      step "terraform apply of terraform/local (the fleet up, the inventory written), then again: no change"
      fleet_run_line fleet-apply "$fleet_line" || exit 1
      fleet_after_apply "$fleet_line" || true ;;
    site)
      fleet_site_line=$fleet_line
      fleet_site "$fleet_line$fleet_extra" || exit 1 ;;
    bench)
      fleet_bench "$fleet_line$fleet_extra" || true
      if [[ "${POOLBENCH_FLEET_SIZE:-}" == 1 ]]; then fleet_size "$fleet_line$fleet_extra" || true; fi ;;
    faults)
      fleet_faults "$fleet_line$fleet_extra" || true
      # The same hosts switched to PostgreSQL (the block's site.yml line comes before).
      fleet_postgres "${fleet_site_line:-}" "$fleet_line" || true ;;
    destroy)
      step "terraform destroy of terraform/local (the fleet down, the inventory removed)"
      fleet_run_line fleet-destroy "$fleet_line" && fleet_destroyed=1 ;;
    *)
      fleet_run_line "fleet-block-$fleet_index" "$fleet_line" || exit 1 ;;
  esac
done
cd "$ANSIBLE_DIR"
# The EXIT trap checks that nothing is left and prints the totals.
true
