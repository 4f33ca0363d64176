# The path users run, on a local fleet (fleet/README.md): sourced by ansible/tests/run.sh with
# CI=true or POOLBENCH_CONVERGE=1 (its venv, check, pass, fail, recap_unchanged are used here).
#   terraform apply of terraform/local (hosts db, app, bench-1 as systemd-nspawn containers,
#   the inventory ansible/inventories/fleet/hosts.yml), applied twice (no change);
#   site.yml twice with systemd (the second run changed=0), every installed unit active, the app
#   connected to the database host's address; a quick bench.yml; a quick faults.yml (restart);
#   bad input (an unreachable database host, the fleet without root); terraform destroy, on
#   failure too (trap), and nothing of the fleet left.
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
export TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1 TF_INPUT=0 CHECKPOINT_DISABLE=1
tf_local() { terraform -chdir="$TF_LOCAL" "$@" -no-color; }
fleet_ssh() {
  local host=$1; shift
  ssh -n -i "$REPO_DIR/.poolbench/fleet/id_ed25519" -o BatchMode=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "admin@$host" "$@"
}

fleet_cleanup() {
  step "terraform destroy of terraform/local (the fleet down), and nothing of it left"
  tf_local destroy -auto-approve >"$LOG_DIR/fleet-destroy.log" 2>&1 && pass "terraform destroy" \
    || { tail -n 20 "$LOG_DIR/fleet-destroy.log"; fail "terraform destroy"; "$REPO_DIR/poolbench" fleet down || true; }
  local left=""
  pgrep -x systemd-nspawn >/dev/null && left="$left systemd-nspawn processes,"
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

step "terraform apply of terraform/local (the fleet up, the inventory written), then again: no change"
check fleet-init tf_local init -input=false || exit 1
check fleet-apply tf_local apply -auto-approve || exit 1
if check fleet-apply-again tf_local apply -auto-approve \
    && grep -q 'Apply complete! Resources: 0 added, 0 changed, 0 destroyed' "$LOG_DIR/fleet-apply-again.log"; then
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
if ansible-playbook -i "$LOG_DIR/fleet-unreachable/hosts.yml" site.yml >"$LOG_DIR/fleet-unreachable.log" 2>&1; then
  fail "site.yml ran with an unreachable database host"
elif grep -q 'The app host poolbench-app (10.77.0.11) cannot reach the database host poolbench-db at 10.77.0.99:3306' \
    "$LOG_DIR/fleet-unreachable.log" && ! fleet_ssh 10.77.0.10 test -e /usr/sbin/mariadbd; then
  pass "refused before anything was installed, naming both addresses"
else
  tail -n 20 "$LOG_DIR/fleet-unreachable.log"; fail "unreachable database host: no clear refusal"
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
mkdir -p "$snapshot"/{webapp/target,sql/target,bench/load/target,bench/compare/target,monitoring}
cp -a "$REPO_DIR/monitoring/grafana" "$snapshot/monitoring/"
cp -a "$REPO_DIR/webapp/jvm.options" "$snapshot/webapp/"
cp -a "$REPO_DIR/webapp/target/poolbench-webapp.jar" "$snapshot/webapp/target/"
cp -a "$REPO_DIR/sql/mysql" "$REPO_DIR"/sql/*.sql "$snapshot/sql/"
for module in sql bench/load bench/compare; do
  cp -a "$REPO_DIR/$module/target/poolbench-$(basename "$module").jar" "$REPO_DIR/$module/target/lib" "$snapshot/$module/target/"
done
extra=(-e "poolbench_repo_dir=$snapshot")
pass "snapshot in $snapshot"

step "site.yml on the fleet, systemd (first run)"
check fleet-converge-1 ansible-playbook -i "$FLEET_INVENTORY" site.yml "${extra[@]}" || exit 1
step "site.yml on the fleet (second run: changed=0 everywhere)"
if check fleet-converge-2 ansible-playbook -i "$FLEET_INVENTORY" site.yml "${extra[@]}"; then
  if recap_unchanged "$LOG_DIR/fleet-converge-2.log"; then
    pass "idempotence (second run changed=0)"
  else
    grep -B1 -E '^changed:' "$LOG_DIR/fleet-converge-2.log" | grep -E '^TASK' || true
    fail "idempotence (second run changed something)"
  fi
fi

step "every unit the roles installed is active under systemd; the app talks to the db host's address"
# unit_active HOST UNIT...: systemctl is-active on the host must print "active" for each.
unit_active() {
  local host=$1 unit state; shift
  for unit in "$@"; do
    state="$(fleet_ssh "$host" systemctl is-active "$unit" || true)"
    [[ "$state" == active ]] && pass "$unit active on $host" || fail "$unit on $host: '$state'"
  done
}
unit_active 10.77.0.10 mariadb redis-server
unit_active 10.77.0.11 poolbench-app
app_env="$(fleet_ssh 10.77.0.11 sudo cat /etc/poolbench/app.env)"
grep -q '^ISU4_DB_HOST=10.77.0.10$' <<<"$app_env" && pass "app.env: ISU4_DB_HOST=10.77.0.10" \
  || fail "app.env has no ISU4_DB_HOST=10.77.0.10: $(grep DB_HOST <<<"$app_env")"
conns="$(fleet_ssh 10.77.0.10 "ss -Htn state established '( sport = :3306 )'" | grep -c ' 10.77.0.11:' || true)"
((conns > 0)) && pass "db host: $conns established connections from 10.77.0.11 to :3306" \
  || fail "db host: no established connection from the app host (10.77.0.11) to :3306"

step "bench.yml quick on the fleet (2 profiles x 1 run x 10 s, warm-up 3 s)"
stamp="fleet-$(date -u +%Y%m%d-%H%M%S)"
if check fleet-bench-quick ansible-playbook -i "$FLEET_INVENTORY" bench.yml "${extra[@]}" \
    -e poolbench_profiles=hikari,dbcp2 -e poolbench_runs=1 -e poolbench_duration=10 -e poolbench_warmup=3 \
    -e poolbench_results_stamp="$stamp"; then
  results="$REPO_DIR/results/$stamp"
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
PY
  then
    pass "summary.json (verdict, pool metrics), report.html, environment.json (remote, host facts)"
  else
    fail "the runner's files in $results"
  fi
fi

step "faults.yml quick on the fleet (hikari x restart: systemctl on the db host, with the checks of faults --check)"
if [[ -z "$toxiproxy_bin" || ! -x "$toxiproxy_bin" ]]; then
  fail "fleet-faults-quick: no Toxiproxy server binary (toxiproxy-server on the PATH, a Go-built one, or"\
" .poolbench/toxiproxy-2.12.0/ from ./poolbench faults); faults.yml needs one for the app host"
else
  faults_stamp="${stamp}-faults"
  if check fleet-faults-quick ansible-playbook -i "$FLEET_INVENTORY" faults.yml "${extra[@]}" \
      -e poolbench_profiles=hikari -e poolbench_fault_scenarios=restart -e poolbench_quick=true \
      -e poolbench_faults_check=true -e poolbench_toxiproxy_binary="$toxiproxy_bin" \
      -e poolbench_results_stamp="$faults_stamp"; then
    faults_results="$REPO_DIR/results/$faults_stamp/faults"
    cat "$faults_results/faults.txt"
    if java -jar "$snapshot/bench/compare/target/poolbench-compare.jar" faults-summarize \
        --results "$faults_results" --check >"$LOG_DIR/fleet-faults-summarize.log" 2>&1; then
      pass "faults-summarize --check --results $faults_results (exit 0)"
    else
      tail -n 20 "$LOG_DIR/fleet-faults-summarize.log"; fail "faults-summarize --check --results $faults_results"
    fi
    unit_active 10.77.0.10 mariadb
    unit_active 10.77.0.11 poolbench-toxiproxy
  fi
fi
