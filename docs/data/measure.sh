#!/usr/bin/env bash
# Take a measurement for the docs and record what produced it (docs/data/README.md).
#
#   docs/data/measure.sh ./poolbench size --profiles hikari --db-distance lan ...
#
# Runs the command as given, from the repository's top, and writes provenance.json into every
# results directory the command created (results/<stamp>/, or results/<stamp>/faults/ for
# faults, results/<stamp>/micro/ for micro): the command line, the commit (and whether the tree had uncommitted changes), the
# start and end in UTC, the wall time, the pool and driver releases the apps reported, the share of the CPUs busy over the 3 s and the 1-, 5- and
# 15-min load averages just before the start, and the machine's facts (cores, CPU model, kernel,
# memory). docs/data/keep.py copies a
# results directory with it into docs/data.
#
# Measure alone: a build or a test beside the command changes what it measures. While more than
# POOLBENCH_MEASURE_MAX_BUSY percent (default 10) of the CPUs are busy over 3 s before the start, it
# says so and waits (up to 5 minutes) for the machine to settle; the load average it started at is
# kept either way (after a measurement it stays high for minutes while the machine is already idle,
# so it is recorded, not waited for).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 2
(($#)) || { sed -n '2,16p' "$0"; exit 2; }

# The share of the CPUs busy over the next 3 s, in percent (/proc/stat: every field but idle and iowait).
busy_percent() {
  local a b
  read -r -a a < /proc/stat
  sleep 3
  read -r -a b < /proc/stat
  awk -v a="${a[*]}" -v b="${b[*]}" 'BEGIN {
    split(a, x); split(b, y); total = 0
    for (i = 2; i <= 11; i++) total += y[i] - x[i]
    idle = (y[5] - x[5]) + (y[6] - x[6])
    printf "%d", (total > 0 ? 100 * (total - idle) / total : 0) }'
}

max_busy="${POOLBENCH_MEASURE_MAX_BUSY:-10}"
for _ in $(seq 100); do
  busy=$(busy_percent)
  ((busy <= max_busy)) && break
  echo "measure: the CPUs are ${busy} % busy (more than ${max_busy} %): waiting for the machine to settle" >&2
done

marker=$(mktemp)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
t0=$SECONDS
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
dirty=false
[[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]] && dirty=true

"$@"
status=$?

finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)
export M_COMMAND="$(printf '%q ' "$@")" M_COMMIT="$commit" M_DIRTY="$dirty" M_STARTED="$started" \
  M_FINISHED="$finished" M_WALL=$((SECONDS - t0)) M_LOAD="$load_before" M_STATUS=$status M_BUSY="$busy"
found=0
while IFS= read -r dir; do
  [[ -e "$dir/provenance.json" ]] && continue
  python3 - "$dir" <<'PY'
import json, os, platform, sys
env = os.environ
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "unknown")
mem = next(int(l.split()[1]) * 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal"))
doc = {
    "command": env["M_COMMAND"].strip(), "commit": env["M_COMMIT"], "uncommittedChanges": env["M_DIRTY"] == "true",
    "startedAt": env["M_STARTED"], "finishedAt": env["M_FINISHED"], "wallSeconds": int(env["M_WALL"]),
    "exitStatus": int(env["M_STATUS"]),
    "loadAverageBefore": [float(x) for x in env["M_LOAD"].split()],
    "cpuBusyPercentBefore": int(env["M_BUSY"]),
    "machine": {"cores": os.cpu_count(), "cpuModel": cpu, "kernel": platform.release(), "memoryBytes": mem,
                "hostname": platform.node()},
}
# The pool and driver releases the runs' apps reported (environment.json): what the measurement is about.
environment = os.path.join(sys.argv[1], "environment.json")
if os.path.exists(environment):
    doc["releases"] = json.load(open(environment)).get("releases")
with open(os.path.join(sys.argv[1], "provenance.json"), "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
PY
  echo "measure: provenance.json written to $dir" >&2
  found=1
done < <(find results -mindepth 1 -maxdepth 2 -type d -newer "$marker" \
           -regextype posix-extended -regex 'results/[0-9]{8}-[0-9]{6}(/faults|/micro)?' 2>/dev/null \
         | while read -r d; do [[ -e "$d/faults" || -e "$d/micro" ]] || echo "$d"; done)
rm -f "$marker"
((found)) || echo "measure: the command created no results directory under results/" >&2
exit $status
