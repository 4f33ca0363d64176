#!/usr/bin/env bash
# What went wrong in one `./mvnw verify` of tests/run-all.sh, in a few lines (nothing when all passed):
#   maven: failed test classes: dev.poolbench.sql.DatabaseTest, dev.poolbench.webapp.HikariIT
#   maven: modules failed: poolbench cli (log: .poolbench/test-maven.log)
#   maven: modules skipped (they depend on one that failed): poolbench sql, ...
#   maven:   DatabaseTest.resetRestoresTheRows: expected: <5000> but was: <4999> ==> ...
# (a line per failed test, its message cut to 300 characters: the end of the CI log is often
# all a reader gets, and a class name alone does not say whether a failure is new)
# The test classes come from the surefire and failsafe reports (TEST-*.xml) written after STAMP,
# so reports a module left from an earlier run do not count; the modules from Maven's reactor
# summary in LOG (a module fails without a failed test class when it does not compile, or a test
# JVM crashes).
#
# usage: tests/maven-failures.sh STAMP LOG [DIR]   (DIR: where to look for reports, default the repository)
set -uo pipefail

stamp="${1:?usage: maven-failures.sh STAMP LOG [DIR]}"
log="${2:?usage: maven-failures.sh STAMP LOG [DIR]}"
dir="${3:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"

# The attribute NAME of a <testsuite ...> start tag.
attribute() {
  local tag="$1" name="$2"
  [[ "$tag" =~ [[:space:]]$name=\"([^\"]*)\" ]] && echo "${BASH_REMATCH[1]}"
}

classes=()
while IFS= read -r -d '' report; do
  tag="$(grep -o -m1 '<testsuite [^>]*>' "$report")" || continue
  failures="$(attribute "$tag" failures)" errors="$(attribute "$tag" errors)"
  if (( ${failures:-0} + ${errors:-0} > 0 )); then
    classes+=("$(attribute "$tag" name)")
  fi
done < <(find "$dir" -type f -path '*/target/*-reports/TEST-*.xml' -newer "$stamp" -print0 2>/dev/null | sort -z)

# The reactor summary's lines: "[INFO] poolbench sql ...... FAILURE [ 12.3 s]" (-B: no colours).
modules() {
  sed -n '/Reactor Summary/,/BUILD /p' "$log" 2>/dev/null \
    | sed -n "s/^\[INFO\] \(.*[^ ]\) \.\.* $1\b.*/\1/p" | paste -sd, - | sed 's/,/, /g'
}

((${#classes[@]})) && echo "maven: failed test classes: $(printf '%s\n' "${classes[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')"
# Each failed test with the first line of its message (the XML attribute, unescaped by Python's parser).
((${#classes[@]})) && find "$dir" -type f -path '*/target/*-reports/TEST-*.xml' -newer "$stamp" -print0 2>/dev/null \
  | sort -z | python3 -c '
import sys, xml.etree.ElementTree as ET
for path in filter(None, sys.stdin.read().split("\0")):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(f"maven:   {path}: unreadable report ({e})")
        continue
    for case in root.iter("testcase"):
        for problem in list(case.findall("failure")) + list(case.findall("error")):
            message = (problem.get("message") or problem.get("type") or "").strip().splitlines()
            first = " ".join(message[:1]) if message else "(no message)"
            test = (case.get("classname") or "").rsplit(".", 1)[-1] + "." + (case.get("name") or "")
            print(f"maven:   {test}: {first[:300]}")
'
failed_modules="$(modules FAILURE)"
[[ -n "$failed_modules" ]] && echo "maven: modules failed: $failed_modules (log: $log)"
skipped_modules="$(modules SKIPPED)"
[[ -n "$skipped_modules" ]] && echo "maven: modules skipped (they depend on one that failed): $skipped_modules"
exit 0
