#!/usr/bin/env bash
# Runs tests/toxiproxy/play.yml three times against a scratch directory and checks what the
# poolbench_toxiproxy role did: proxy and toxics in the API, app.env pointed at the proxy, a
# second run changed nothing, "off" points app.env back at the database and stops the server.
# Usage: check.sh TOXIPROXY_BINARY LOG_DIR   (run from ansible/, PATH with the venv's ansible)
set -euo pipefail
binary=$1
log_dir=$2
scratch="$log_dir/toxiproxy-role"
api_port=18474
rm -rf "$scratch"
mkdir -p "$scratch"
printf 'ISU4_DB_HOST=127.0.0.1\nISU4_DB_PORT=13399\n' >"$scratch/app.env"
python="$(command -v python3)"
play() {
  local name=$1
  shift
  ansible-playbook -i localhost, tests/toxiproxy/play.yml -e "ansible_python_interpreter=$python" \
    -e "poolbench_test_dir=$scratch" -e "poolbench_toxiproxy_binary=$binary" \
    -e "poolbench_toxiproxy_api_port=$api_port" "$@" >"$log_dir/toxiproxy-$name.log" 2>&1 || {
    tail -n 30 "$log_dir/toxiproxy-$name.log"
    return 1
  }
  sed -n '/^PLAY RECAP/,$p' "$log_dir/toxiproxy-$name.log" | grep -E ' : ok='
}
stop() { "$scratch/opt/bin/poolbench-toxiproxy" stop >/dev/null 2>&1 || true; }
trap stop EXIT
fail() { echo "toxiproxy role: $*" >&2; exit 1; }

play on -e poolbench_db_latency=2 -e poolbench_db_jitter=1 -e poolbench_db_bandwidth=12500
toxics="$(curl -sf "http://127.0.0.1:$api_port/proxies/poolbench_mysql/toxics")"
grep -q '"latency":2' <<<"$toxics" || fail "no 2 ms latency toxic: $toxics"
grep -q '"rate":12500' <<<"$toxics" || fail "no bandwidth toxic: $toxics"
grep -qx 'ISU4_DB_PORT=13306' "$scratch/app.env" || fail "app.env does not point at the proxy"
play again -e poolbench_db_latency=2 -e poolbench_db_jitter=1 -e poolbench_db_bandwidth=12500 \
  | grep -q 'changed=0 .*failed=0' || fail "the second run changed something"
play off
grep -qx 'ISU4_DB_PORT=13399' "$scratch/app.env" || fail "app.env not pointed back at the database"
if curl -sf "http://127.0.0.1:$api_port/version" >/dev/null; then fail "Toxiproxy still runs after off"; fi
echo "toxiproxy role: on, on again (changed=0), off: as expected"
