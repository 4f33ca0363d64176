#!/usr/bin/env bash
# Tests of tests/preflight.sh (a step of tests/run-all.sh, a few seconds, nothing installed):
#   - the tool list tests/packages.txt is well formed: four columns, known checks, known steps
#   - a user who cannot install (POOLBENCH_PREFLIGHT_AS_USER=1, and as root also the real
#     `nobody` through setpriv) meets ONE refusal, exit 2, within seconds, that names the missing
#     package and the apt-get command, and not the tool that is present
#   - a tool only a skipped step needs is not asked for
#   - a missing tool that is no package (Terraform's row) skips its step, or fails it with CI=true
#   - a package of another suite (NAME/SUITE, Go 1.23 from bookworm-backports): a user is told to
#     add the suite; root (apt-get and apt-cache stubbed, a scratch sources folder) gets it added
#     from the machine's own mirror, then NAME/SUITE installed
# Ends with "preflight-test: N passed, M failed"; exits non-zero if any failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFLIGHT="$ROOT/tests/preflight.sh"
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "--- ok: $*"; }
fail() { failed=$((failed + 1)); echo "--- FAILED: $*"; }

scratch="$(mktemp -d "${TMPDIR:-/tmp}/poolbench-preflight-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"   # readable by nobody

# A list of three: one present (bash), one absent package, one absent non-package.
absent=poolbench-absent-package-$$
list="$scratch/packages.txt"
cat >"$list" <<EOF
# test list
bash                  cmd:bash                  maven       the shell
$absent               cmd:$absent               maven       a package that exists nowhere
-                     cmd:poolbench-absent-tf   terraform   a tool no package provides; get it elsewhere
EOF
chmod 644 "$list"

# run_preflight OUT ARGS...: the preflight on the test list; stdout+stderr to OUT; its exit code
# and run time (ms) in $code and $millis.
run_preflight() {
  local out="$1" start=${EPOCHREALTIME/[.,]/}; shift
  code=0
  POOLBENCH_PREFLIGHT_PACKAGES="$list" "$@" >"$out" 2>&1 || code=$?
  millis=$(( (${EPOCHREALTIME/[.,]/} - start) / 1000 ))
}

# expect_refusal NAME COMMAND...: exit 2 within 5 s, naming the absent package and its
# install command, not naming the present tool as missing.
expect_refusal() {
  local name="$1" out="$scratch/$1.out"; shift
  run_preflight "$out" "$@"
  if [[ $code == 2 && $millis -lt 5000 ]] \
      && grep -q "^  $absent: a package that exists nowhere" "$out" \
      && grep -q "apt-get install -y --no-install-recommends $absent\$" "$out" \
      && ! grep -q '^  bash:' "$out"; then
    pass "$name: exit 2 in $millis ms naming $absent and the apt-get command"
  else
    cat "$out"
    fail "$name: exit $code in $millis ms, expected exit 2 within 5 s naming $absent and the apt-get command"
  fi
}

echo "=== preflight-test: tests/packages.txt is well formed"
steps_line="$(grep -m1 '^STEPS=(' "$ROOT/tests/run-all.sh")"
steps_line="${steps_line#STEPS=(}"
steps=" ${steps_line%)} all "
bad=0
while read -r package check row_steps why; do
  [[ -z "$package" || "$package" == \#* ]] && continue
  problem=""
  [[ -n "$why" ]] || problem="no why column"
  [[ "$check" =~ ^(cmd:.+|file:/.+|lib:.+|py:.+|jdk)$ ]] || problem="unknown check '$check'"
  for step in ${row_steps//,/ }; do [[ "$steps" == *" $step "* ]] || problem="unknown step '$step'"; done
  [[ -n "$problem" ]] && { echo "$package: $problem"; bad=1; }
done <"$ROOT/tests/packages.txt"
if ((bad == 0)); then pass "every row: package, a known check, steps of run-all, why"; else fail "tests/packages.txt has bad rows"; fi

echo "=== preflight-test: a user who cannot install"
expect_refusal "simulated user (POOLBENCH_PREFLIGHT_AS_USER=1)" env POOLBENCH_PREFLIGHT_AS_USER=1 "$PREFLIGHT"
if [[ "$(id -u)" == 0 ]] && command -v setpriv >/dev/null 2>&1 && setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null; then
  expect_refusal "the real user nobody (setpriv)" setpriv --reuid=nobody --regid=nogroup --clear-groups \
    env HOME=/nonexistent "$PREFLIGHT"
else
  echo "(not root: the run as nobody is left out; the simulated user above is this user)"
fi

echo "=== preflight-test: a skipped step's tools are not asked for"
run_preflight "$scratch/skipped.out" env POOLBENCH_PREFLIGHT_AS_USER=1 "$PREFLIGHT" --steps dashboard
if [[ $code == 0 ]] && grep -q '^preflight: all 0 tools present' "$scratch/skipped.out"; then
  pass "--steps dashboard: exit 0, nothing checked"
else
  cat "$scratch/skipped.out"; fail "--steps dashboard: exit $code, expected 0 and 'all 0 tools present'"
fi

echo "=== preflight-test: a missing tool that is no package settles its step"
# Without the absent package (it would stop the preflight): bash for maven, the absent non-package.
sed -i "/^$absent /d" "$list"
for ci in false true; do
  verdict=skip; [[ $ci == true ]] && verdict=fail
  report="$scratch/report-$ci"; : >"$report"
  run_preflight "$scratch/tf-$ci.out" env CI=$ci POOLBENCH_PREFLIGHT_AS_USER=1 "$PREFLIGHT" \
    --steps maven,terraform --report "$report"
  if [[ $code == 0 ]] && grep -q "^$verdict terraform poolbench-absent-tf not installed; a tool no package provides" "$report" \
      && grep -q '^preflight: 1 of 2 tools present' "$scratch/tf-$ci.out"; then
    pass "CI=$ci: exit 0, report says '$verdict terraform' with the reason"
  else
    cat "$scratch/tf-$ci.out" "$report"; fail "CI=$ci: exit $code, expected 0 and '$verdict terraform ...' in the report"
  fi
done

echo "=== preflight-test: a package of another suite of Debian's archive"
suite=poolbench-absent-backports
cat >"$list" <<EOF
$absent/$suite         file:$scratch/installed       maven       a package of another suite
EOF
run_preflight "$scratch/suite-user.out" env POOLBENCH_PREFLIGHT_AS_USER=1 "$PREFLIGHT" --steps maven
if [[ $code == 2 ]] && grep -q "apt-get install -y --no-install-recommends $absent/$suite\$" "$scratch/suite-user.out" \
    && grep -q "^preflight: $absent comes from $suite, which apt's sources lack: add the suite $suite" "$scratch/suite-user.out"; then
  pass "a user: exit 2, the apt-get command with $absent/$suite and one line on adding the suite"
else
  cat "$scratch/suite-user.out"; fail "a user: exit $code, expected 2, the command and the suite's line"
fi
if [[ "$(id -u)" == 0 ]]; then
  # Stubs: apt-cache policy knows the mirror's poolbench/main, and the suite once its file exists;
  # apt-get logs its arguments and "installs" by making the checked file.
  mkdir -p "$scratch/bin" "$scratch/sources"
  printf 'VERSION_CODENAME=poolbench\n' >"$scratch/os-release"
  cat >"$scratch/bin/apt-cache" <<EOF
#!/bin/sh
echo " 500 http://mirror.invalid/debian poolbench/main amd64 Packages"
echo "     release o=Debian,a=stable,n=poolbench,c=main,b=amd64"
[ -e "$scratch/sources/poolbench-$suite.sources" ] && echo "     release o=Debian Backports,a=$suite,n=$suite,c=main"
exit 0
EOF
  cat >"$scratch/bin/apt-get" <<EOF
#!/bin/sh
echo "\$*" >>"$scratch/apt-get.args"
case " \$* " in *" install "*) touch "$scratch/installed" ;; esac
EOF
  chmod +x "$scratch/bin/apt-cache" "$scratch/bin/apt-get"
  run_preflight "$scratch/suite-root.out" env PATH="$scratch/bin:$PATH" POOLBENCH_PREFLIGHT_SOURCES_DIR="$scratch/sources" \
    POOLBENCH_PREFLIGHT_OS_RELEASE="$scratch/os-release" "$PREFLIGHT" --steps maven
  if [[ $code == 0 ]] && grep -q "^URIs: http://mirror.invalid/debian\$" "$scratch/sources/poolbench-$suite.sources" \
      && grep -q "^Suites: $suite\$" "$scratch/sources/poolbench-$suite.sources" \
      && grep -q "install .* $absent/$suite\$" "$scratch/apt-get.args"; then
    pass "root: the suite added from the machine's mirror, then apt-get install $absent/$suite"
  else
    cat "$scratch/suite-root.out" "$scratch/apt-get.args" "$scratch/sources/"* 2>/dev/null
    fail "root: exit $code, expected the suite's sources file and apt-get install $absent/$suite"
  fi
else
  echo "(not root: the install as root is left out)"
fi

echo
echo "preflight-test: $passed passed, $failed failed"
((failed == 0))
