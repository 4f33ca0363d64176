#!/usr/bin/env bash
# Renders bench.yml's duet command (tests/duet/play.yml) into a scratch directory and runs it as
# the duet runner does, directly and as an SSH forced command (SSH_ORIGINAL_COMMAND): a lane's
# env file rewritten and its app restarted, a lane's database reset, and every word that is not
# a lane, a known profile, a pool mode, a size or a run label refused with exit status 2, nothing changed.
# Usage: check.sh LOG_DIR   (run from ansible/, PATH with the venv's ansible)
set -euo pipefail
log_dir=$(cd "$1" && pwd)
scratch="$log_dir/duet-command"
rm -rf "$scratch"
mkdir -p "$scratch"/{etc,app/bin,sql,path}
fail() { echo "duet command: $*" >&2; exit 1; }

ansible-playbook -i localhost, tests/duet/play.yml -e "ansible_python_interpreter=$(command -v python3)" \
  -e "poolbench_test_dir=$scratch" -e "poolbench_test_template=$PWD/templates/poolbench-duet.j2" \
  >"$log_dir/duet-command.log" 2>&1 || {
  tail -n 30 "$log_dir/duet-command.log"
  fail "rendering failed"
}
for env in app app-2; do
  printf 'SPRING_PROFILES_ACTIVE=hikari\nSERVER_PORT=8080\nPOOLBENCH_POOL_MODE=equalized\nPOOLBENCH_POOL_SIZE=10\n' \
    >"$scratch/etc/$env.env"
done
# The apps' start scripts and the mysql client, as stand-ins that say what they were asked.
for service in poolbench-app poolbench-app-2; do
  printf '#!/bin/bash\necho "$(basename "$0") $*" >>%q\n' "$scratch/calls.log" >"$scratch/app/bin/$service"
done
printf '#!/bin/bash\necho "mysql $*" >>%q\n' "$scratch/calls.log" >"$scratch/path/mysql"
chmod +x "$scratch"/app/bin/* "$scratch/path/mysql"
duet() { PATH="$scratch/path:$PATH" "$scratch/poolbench-duet" "$@"; }

duet lane 1 dbcp2 equalized 7 >/dev/null
grep -qx 'SPRING_PROFILES_ACTIVE=dbcp2' "$scratch/etc/app-2.env" || fail "lane 1's profile not written"
grep -qx 'POOLBENCH_POOL_SIZE=7' "$scratch/etc/app-2.env" || fail "lane 1's pool size not written"
grep -qx 'SPRING_PROFILES_ACTIVE=hikari' "$scratch/etc/app.env" || fail "lane 1's command changed lane 0"
SSH_ORIGINAL_COMMAND='lane 0 nopool defaults' duet >/dev/null
grep -qx 'SPRING_PROFILES_ACTIVE=nopool' "$scratch/etc/app.env" || fail "the forced command's words not used"
grep -qx 'POOLBENCH_POOL_MODE=defaults' "$scratch/etc/app.env" || fail "lane 0's pool mode not written"
grep -qx 'POOLBENCH_POOL_SIZE=10' "$scratch/etc/app.env" || fail "an empty size changed the size"
SSH_ORIGINAL_COMMAND='reset 1' duet >/dev/null
duet reset 0 >/dev/null
expected="poolbench-app-2 restart
poolbench-app restart
mysql --database=isu4_qualifier_2 --execute=source $scratch/sql/reset.sql
mysql --database=isu4_qualifier --execute=source $scratch/sql/reset.sql"
[[ "$(cat "$scratch/calls.log")" == "$expected" ]] || fail "calls were: $(cat "$scratch/calls.log")"

SSH_ORIGINAL_COMMAND='label dbcp2 2 2-dbcp2' duet >/dev/null
python3 -c 'import json,sys; t = json.load(open(sys.argv[1]))[0]; assert t["targets"] == ["127.0.0.1:8081"] and t["labels"]["run"] == "2-dbcp2" and t["labels"]["round"] == "2", t' \
  "$scratch/poolbench-app.json" || fail "label did not write the discovery file"

cp "$scratch/etc/app.env" "$scratch/app.env.before"
cp "$scratch/poolbench-app.json" "$scratch/label.before"
for bad in 'label bonecp 1 1-bonecp' 'label hikari x 1-hikari' 'label hikari 1 1-hikari;reboot' \
    'label hikari 1 ../../etc'  'lane 2 hikari equalized' 'lane 0 bonecp equalized' 'lane 0 hikari;reboot equalized' \
    'lane 0 hikari sized' 'lane 0 hikari equalized 1x' 'reboot' '' 'reset' 'reset 0;reboot'; do
  status=0
  SSH_ORIGINAL_COMMAND="$bad" duet >/dev/null 2>&1 || status=$?
  [[ $status -eq 2 ]] || fail "'$bad' exited with $status, expected 2"
done
cmp -s "$scratch/etc/app.env" "$scratch/app.env.before" || fail "a refused command changed app.env"
cmp -s "$scratch/poolbench-app.json" "$scratch/label.before" || fail "a refused label changed the discovery file"
[[ $(wc -l <"$scratch/calls.log") -eq 4 ]] || fail "a refused command ran something: $(cat "$scratch/calls.log")"

# Isolated lanes (two app hosts, two db hosts): each host holds one lane, its only app and database.
ansible-playbook -i localhost, tests/duet/play.yml -e "ansible_python_interpreter=$(command -v python3)" \
  -e "poolbench_test_dir=$scratch" -e "poolbench_test_template=$PWD/templates/poolbench-duet.j2" \
  -e '{"__duet_isolated": true}' >"$log_dir/duet-command-isolated.log" 2>&1 || {
  tail -n 30 "$log_dir/duet-command-isolated.log"
  fail "rendering with isolated lanes failed"
}
: >"$scratch/calls.log"
duet lane 1 tomcat equalized >/dev/null
SSH_ORIGINAL_COMMAND='reset 1' duet >/dev/null
grep -qx 'SPRING_PROFILES_ACTIVE=tomcat' "$scratch/etc/app.env" || fail "isolated lane 1 did not use this host's app.env"
expected="poolbench-app restart
mysql --database=isu4_qualifier --execute=source $scratch/sql/reset.sql"
[[ "$(cat "$scratch/calls.log")" == "$expected" ]] || fail "isolated lane 1's calls were: $(cat "$scratch/calls.log")"
# PostgreSQL (poolbench_database=postgres): the reset is psql as the postgres superuser.
ansible-playbook -i localhost, tests/duet/play.yml -e "ansible_python_interpreter=$(command -v python3)" \
  -e "poolbench_test_dir=$scratch" -e "poolbench_test_template=$PWD/templates/poolbench-duet.j2" \
  -e __database=postgres >"$log_dir/duet-command-postgres.log" 2>&1 || {
  tail -n 30 "$log_dir/duet-command-postgres.log"
  fail "rendering with PostgreSQL failed"
}
printf '#!/bin/bash\necho "runuser $*" >>%q\n' "$scratch/calls.log" >"$scratch/path/runuser"
chmod +x "$scratch/path/runuser"
: >"$scratch/calls.log"
SSH_ORIGINAL_COMMAND='reset 1' duet >/dev/null
expected="runuser -u postgres -- psql --quiet --no-psqlrc --set=ON_ERROR_STOP=1 --dbname=isu4_qualifier_2 --file=$scratch/sql/postgres/reset.sql"
[[ "$(cat "$scratch/calls.log")" == "$expected" ]] || fail "PostgreSQL's reset calls were: $(cat "$scratch/calls.log")"
echo "duet command: lanes, resets, labels and the forced command's words as expected; 13 bad commands refused;" \
  "isolated lane 1 on its host's only app and database; PostgreSQL's reset with psql"
