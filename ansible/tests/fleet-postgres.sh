# The PostgreSQL variant on the same fleet (issue 44, faults since issue 50), sourced by tests/fleet.sh
# and run after the block's faults.yml line: the block's site.yml line with -e poolbench_database=postgres
# twice (the second changes nothing), the server and the app's driver checked, then the block's
# faults.yml line with a quick PostgreSQL FAULTS_ARGS (hikari x restart: postgresql@15-main stopped and
# started again, with the checks of faults --check) and its fetched results checked: every run valid,
# measured on PostgreSQL by the app on pgjdbc, login_log reset and counted by the db host's psql. (It
# replaced a quick bench.yml on PostgreSQL, whose checks were these; bench.yml's PostgreSQL reset is
# tests/duet/check.sh's.)

# fleet_postgres SITE_LINE FAULTS_LINE: the block's lines (the suite's -e poolbench_repo_dir appended here)
fleet_postgres() {
  [[ -n $1 && -n $2 ]] || { fail "PostgreSQL variant: the block's site.yml line comes before its faults.yml line"; return 1; }
  local site_line=$1$fleet_extra faults_line=$2$fleet_extra start=$SECONDS app_env conns
  local results="$REPO_DIR/results/$fleet_stamp-postgres/faults" switch
  switch="$(printf ' %q' -e poolbench_database=postgres)"
  converge_twice fleet-postgres-converge "with poolbench_database=postgres on the same fleet" "$site_line$switch" || return 1

  step "PostgreSQL active on the db host; the app on pgjdbc connected to its address"
  unit_active 10.77.0.10 postgresql@15-main
  unit_active 10.77.0.11 poolbench-app
  app_env="$(fleet_ssh 10.77.0.11 sudo cat /etc/poolbench/app.env)"
  if grep -qx 'POOLBENCH_DATABASE=postgres' <<<"$app_env" && grep -qx 'ISU4_DB_PORT=5432' <<<"$app_env"; then
    pass "app.env: POOLBENCH_DATABASE=postgres, ISU4_DB_PORT=5432"
  else
    fail "app.env: $(grep -E '^(POOLBENCH_DATABASE|ISU4_DB_PORT)=' <<<"$app_env" | tr '\n' ' ')"
  fi
  conns="$(fleet_ssh 10.77.0.10 "ss -Htn state established '( sport = :5432 )'" | grep -c ' 10.77.0.11:' || true)"
  ((conns > 0)) && pass "db host: $conns established connections from 10.77.0.11 to :5432" \
    || fail "db host: no established connection from the app host (10.77.0.11) to :5432"

  step "faults.yml quick with PostgreSQL (hikari x restart: postgresql@15-main stopped and started, checked)"
  local faults_args_before=$FAULTS_ARGS
  FAULTS_ARGS="-e poolbench_profiles=hikari -e poolbench_fault_scenarios=restart -e poolbench_quick=true"
  FAULTS_ARGS+=" -e poolbench_faults_check=true -e poolbench_database=postgres -e poolbench_results_stamp=$fleet_stamp-postgres"
  fleet_run_line fleet-postgres-faults "$faults_line" || { FAULTS_ARGS=$faults_args_before; return 1; }
  FAULTS_ARGS=$faults_args_before
  cat "$results/faults.txt"
  faults_summarize_check "$results" fleet-postgres-summarize
  unit_active 10.77.0.10 postgresql@15-main
  local version
  if version="$(python3 - "$results" <<'PY'
import json, os, sys
d = sys.argv[1]
faults = json.load(open(os.path.join(d, "faults.json")))
assert open(os.path.join(d, "faults.txt")).readline().rstrip().endswith(", PostgreSQL"), "faults.txt's first line"
assert faults["options"]["database"] == "postgres", faults["options"]
runs = faults["runs"]
assert runs and all(r["scenario"] == "restart" and r.get("figures") and not r["problems"] for r in runs), runs
assert all(r["figures"]["loginLog"]["verdict"] == "ok" for r in runs), [r["figures"]["loginLog"] for r in runs]
for r in runs:
    app = json.load(open(os.path.join(d, "runs", r["scenario"] + "-" + r["profile"], "poolsettings.json")))
    assert app["serverVersion"].startswith("PostgreSQL "), app["serverVersion"]
    assert app["driverVersion"].startswith("PostgreSQL JDBC"), app["driverVersion"]
print(app["serverVersion"] + ", " + app["driverVersion"])
PY
)"; then
    pass "faults.json: database postgres; every run valid, on $version, login_log counted by the db host's psql"
  else
    fail "the PostgreSQL fault run's files in $results"
  fi
  echo "PostgreSQL variant: $((SECONDS - start)) s"
}
