#!/usr/bin/env bash
# What went wrong in one `./mvnw verify` of tests/run-all.sh, in a few lines (nothing when all passed):
#   maven: failed test classes: dev.poolbench.sql.DatabaseTest, dev.poolbench.webapp.HikariIT
#   maven: modules failed: poolbench cli (log: .poolbench/test-maven.log)
#   maven: modules skipped (they depend on one that failed): poolbench sql, ...
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
failed_modules="$(modules FAILURE)"
[[ -n "$failed_modules" ]] && echo "maven: modules failed: $failed_modules (log: $log)"
skipped_modules="$(modules SKIPPED)"
[[ -n "$skipped_modules" ]] && echo "maven: modules skipped (they depend on one that failed): $skipped_modules"
exit 0
