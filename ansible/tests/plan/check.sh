#!/usr/bin/env bash
# bench.yml's and size.yml's plans on this machine's inventory, nothing run or changed (--check
# --tags plan: the runner play's checks and its line "plan: <the runner's options>; N min planned"),
# each compared with the expected line: the default is the local one (the runner's own duets, no
# rounds given), -e poolbench_design=solo, one profile solo, all (the app's catalogue) solo, the
# kept sittings' and the suite's quick commands as before, size.yml's defaults, quick form and budget.
# Usage: check.sh LOG_DIR   (run from ansible/, PATH with the venv's ansible)
set -euo pipefail
log_dir=$(cd "$1" && pwd)
failed=0

# expect NAME PLAYBOOK LINE [-e ...]: the plan line of PLAYBOOK with those extra vars must be LINE.
expect() {
  local name=$1 playbook=$2 wanted=$3 log="$log_dir/plan-$1.log" got; shift 3
  if ! ANSIBLE_CALLBACK_RESULT_FORMAT=json ansible-playbook -i inventories/local/hosts.yml --check --tags plan \
      "$playbook" -e '{"__max_connections": {"stdout": "2000"}}' "$@" >"$log" 2>&1; then
    tail -n 30 "$log"
    echo "plan $name: $playbook $* failed (log: $log)" >&2
    failed=$((failed + 1))
    return
  fi
  got="$(sed -n 's/^ *"msg": "plan: \(.*\)"$/\1/p' "$log")"
  if [[ "$got" != "$wanted" ]]; then
    echo "plan $name: $playbook $*" >&2
    echo "  got:    $got" >&2
    echo "  wanted: $wanted" >&2
    failed=$((failed + 1))
  fi
}

five=hikari,tomcat,dbcp,dbcp2,nopool
pool="--pool-mode equalized --pool-size 10"
cores="$(nproc --all)"
expect default bench.yml "compare --duet --profiles $five $pool; 36 min planned"
expect solo bench.yml "compare --solo --profiles $five $pool; 45 min planned" -e poolbench_design=solo
expect one-profile bench.yml "compare --solo --profiles hikari $pool --quick; 2 min planned" \
  -e poolbench_profiles=hikari -e poolbench_quick=true
# `all`: every pool of the app's catalogue (the role reads webapp/src/main/resources/pools.json).
all=$(python3 -c 'import json; print(",".join(p["name"] for p in json.load(open("../webapp/src/main/resources/pools.json"))["pools"]))')
n=$(tr ',' '\n' <<<"$all" | wc -l)
expect all bench.yml "compare --solo --profiles $all $pool --quick; $(((n * 73 + 59) / 60)) min planned" \
  -e poolbench_profiles=all -e poolbench_design=solo -e poolbench_quick=true
# A kept sitting's command (docs/vm-path.md) and the suite's quick form (tests/fleet.sh): fixed rounds.
expect kept bench.yml "compare --duet --profiles hikari,nopool $pool --runs 3 --duration 30 --warmup 30; 6 min planned" \
  -e poolbench_profiles=hikari,nopool -e poolbench_duet=true -e poolbench_runs=3 -e poolbench_duration=30 \
  -e poolbench_warmup=30
expect fleet bench.yml "compare --duet --profiles hikari,dbcp2 $pool --runs 1 --duration 10 --warmup 3; 2 min planned" \
  -e poolbench_profiles=hikari,dbcp2 -e poolbench_runs=1 -e poolbench_duration=10 -e poolbench_warmup=3
expect size size.yml "size --profiles $five --max-connections 2000 --db-cores $cores; 360 min planned"
expect size-quick size.yml \
  "size --profiles hikari --max-connections 2000 --quick --sizes 4,8 --max-duets 2 --db-cores $cores; 3 min planned" \
  -e poolbench_profiles=hikari -e poolbench_quick=true
expect size-budget size.yml \
  "size --profiles $five --max-connections 2000 --max-size 16 --max-minutes 20 --db-cores $cores; 20 min planned" \
  -e poolbench_max_size=16 -e poolbench_max_minutes=20

((failed == 0)) || exit 1
echo "plan: bench.yml duets by default (the runner's rounds), solo on request or for one profile, fixed rounds when" \
  "given; size.yml's search with the server's max_connections and this host's $cores cores"
