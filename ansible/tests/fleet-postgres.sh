# The PostgreSQL variant on the same fleet (issue 44), sourced by tests/fleet.sh and run after the
# block's faults.yml line: the block's site.yml line with -e poolbench_database=postgres twice
# (the second changes nothing), the server and the app's driver checked, then the block's
# bench.yml line with a quick PostgreSQL BENCH_ARGS (hikari, one 10-s run after 3 s of warm-up)
# and its fetched results checked (every run valid and measured on PostgreSQL).

# fleet_postgres SITE_LINE BENCH_LINE: the block's lines (the suite's -e poolbench_repo_dir appended here)
fleet_postgres() {
  [[ -n $1 && -n $2 ]] || { fail "PostgreSQL variant: the block's site.yml and bench.yml lines come after its faults.yml line"; return 1; }
  local site_line=$1$fleet_extra bench_line=$2$fleet_extra start=$SECONDS app_env conns
  local results="$REPO_DIR/results/$fleet_stamp-postgres" switch
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

  step "bench.yml quick with PostgreSQL (hikari, 1 run x 10 s, warm-up 3 s)"
  local bench_args_before=$BENCH_ARGS
  BENCH_ARGS="-e poolbench_profiles=hikari -e poolbench_quick=true -e poolbench_database=postgres"
  BENCH_ARGS+=" -e poolbench_results_stamp=$fleet_stamp-postgres"
  fleet_run_line fleet-postgres-bench "$bench_line" || { BENCH_ARGS=$bench_args_before; return 1; }
  BENCH_ARGS=$bench_args_before
  cat "$results/summary.txt"
  local version
  if version="$(python3 - "$results" <<'PY'
import json, os, sys
d = sys.argv[1]
env = json.load(open(os.path.join(d, "environment.json")))
assert env["options"]["mode"] == "remote" and env["options"]["database"] == "postgres", env["options"]
runs = [json.loads(line) for line in open(os.path.join(d, "runs.jsonl")) if line.strip()]
assert runs and all(r["valid"] and not r["problems"] for r in runs), [r["problems"] for r in runs]
assert all(r["versions"]["database"].startswith("PostgreSQL ") for r in runs), [r["versions"] for r in runs]
assert all(os.path.isfile(os.path.join(d, "runs", r["runDir"], "reset.log")) for r in runs), "a run without reset.log"
print(runs[0]["versions"]["database"])
PY
)"; then
    pass "environment.json: database postgres; every run valid, on $version, reset by the db host's psql"
  else
    fail "the PostgreSQL run's files in $results"
  fi
  echo "PostgreSQL variant: $((SECONDS - start)) s"
}
