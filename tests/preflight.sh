#!/usr/bin/env bash
# The start of `./poolbench test` (tests/run-all.sh calls it before any step): every tool the
# tests need that is not in the repository, from tests/packages.txt, the one list of them.
#
#   all present                   one line, "preflight: all N tools present (0.1 s)", exit 0
#   missing, root with apt-get    one line per missing package (what it is for), then
#                                 apt-get update once and apt-get install; exit 0 when all came
#   missing, not root or no apt   ONE message naming every missing tool and the one command that
#                                 installs them, exit 2, before any step ran (and in seconds:
#                                 nothing is installed or downloaded)
#
# A package of another suite of Debian's archive (NAME/SUITE: golang-1.23-go/bookworm-backports) is
# installed from that suite; as root on that release, when apt's sources lack the suite, it is added
# first (/etc/apt/sources.list.d/poolbench-SUITE.sources, the machine's own Debian mirror and key:
# backports are never installed unless named). Elsewhere NAME alone; a user is told how, in one line.
#
# A tool that is no Debian package (package "-": Terraform, which Debian's archive does not carry)
# is never installed here: installing a third-party APT repository and its signing key is the
# machine owner's decision, not a test script's. When it is missing its steps are SKIPPED with the
# reason and how to get it (the rest of the suite does not need it), except with CI=true, where
# they are FAILED with that reason: CI must not pass without having run them. run-all learns
# which through --report.
#
# usage: tests/preflight.sh [--steps STEP,...] [--report FILE]
#   --steps    the steps that will run (default: all): tools only skipped steps need are not checked
#   --report   write "skip STEP reason" / "fail STEP reason" lines there for run-all
# env: POOLBENCH_PREFLIGHT_PACKAGES  another list than tests/packages.txt (tests/preflight-test.sh)
#      POOLBENCH_PREFLIGHT_AS_USER=1 behave as a user without root even as root: name, never install
#      POOLBENCH_PREFLIGHT_SOURCES_DIR, POOLBENCH_PREFLIGHT_OS_RELEASE  instead of /etc/apt/sources.list.d
#                                 and /etc/os-release (tests/preflight-test.sh)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LIST="${POOLBENCH_PREFLIGHT_PACKAGES:-$ROOT/tests/packages.txt}"
started=$EPOCHREALTIME

steps="" all_steps=1 report=""
while (($#)); do
  case "$1" in
    --steps) steps="${2?--steps needs a comma-separated list}" all_steps=0; shift 2 ;;
    --report) report="${2:?--report needs a file}"; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "preflight: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ -r "$LIST" ]] || { echo "preflight: cannot read the tool list $LIST" >&2; exit 2; }

# Seconds since the start, to a tenth (EPOCHREALTIME: seconds and microseconds, "." or ",").
elapsed() {
  local tenths=$(( (10#${EPOCHREALTIME/[.,]/} - 10#${started/[.,]/}) / 100000 ))
  echo "$((tenths / 10)).$((tenths % 10)) s"
}

# Whether a row's steps (comma list or "all") meet the steps that will run.
needed() {
  local row_steps=",$1," step
  ((all_steps)) && return 0
  [[ "$1" == all && -n "$steps" ]] && return 0
  for step in ${steps//,/ }; do
    [[ "$row_steps" == *",$step,"* ]] && return 0
  done
  return 1
}

# The dynamic linker's cache, read once (ldconfig lives in /sbin, off a user's PATH).
lib_cache=""
has_lib() {
  if [[ -z "$lib_cache" ]]; then
    lib_cache="$(PATH="$PATH:/usr/sbin:/sbin" ldconfig -p 2>/dev/null)" || lib_cache=""
    lib_cache=$'\n'"${lib_cache:-none}"
  fi
  [[ "$lib_cache" == *$'\n'[[:space:]]"$1 "* ]] && return 0
  # No ldconfig cache (or a stale one): the usual library directories.
  compgen -G "/usr/lib/*-linux-gnu/$1" >/dev/null || compgen -G "/lib/*-linux-gnu/$1" >/dev/null \
    || [[ -e "/usr/lib64/$1" || -e "/usr/lib/$1" || -e "/lib64/$1" ]]
}

present() {
  case "$1" in
    cmd:*) command -v "${1#cmd:}" >/dev/null 2>&1 ;;
    file:*) [[ -e "${1#file:}" ]] ;;
    lib:*) has_lib "${1#lib:}" ;;
    py:*) command -v python3 >/dev/null 2>&1 && python3 -c "import ${1#py:}" 2>/dev/null ;;
    jdk) [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/javac" ]] || command -v javac >/dev/null 2>&1 ;;
    *) echo "preflight: $LIST: unknown check '$1'" >&2; return 1 ;;
  esac
}

# The name a user knows a tool by: the package, or for a non-package the command or file.
tool_name() {
  [[ "$1" != - ]] && { echo "$1"; return; }
  local check="${2#*:}"
  echo "${check##*/}"
}

checked=0
missing_pkgs=() missing_whys=() missing_steps=() absent_tools=() absent_whys=() absent_steps=()
check_all() {
  checked=0 missing_pkgs=() missing_whys=() missing_steps=() absent_tools=() absent_whys=() absent_steps=()
  local package check row_steps why
  while read -r package check row_steps why; do
    [[ -z "$package" || "$package" == \#* ]] && continue
    needed "$row_steps" || continue
    checked=$((checked + 1))
    present "$check" && continue
    if [[ "$package" == - ]]; then
      absent_tools+=("$(tool_name "$package" "$check")") absent_whys+=("$why") absent_steps+=("$row_steps")
    else
      missing_pkgs+=("$package") missing_whys+=("$why") missing_steps+=("$row_steps")
    fi
  done <"$LIST"
}

# Tools no package provides: their steps are skipped (failed with CI=true), with the reason.
report_absent_tools() {
  local i verdict=skip done=skipped step
  [[ "${CI:-}" == true ]] && verdict=fail done=failed
  for i in "${!absent_tools[@]}"; do
    echo "preflight: ${absent_tools[i]} not found: ${absent_whys[i]}"
    for step in ${absent_steps[i]//,/ }; do
      needed "$step" || continue
      echo "preflight: step $step will be $done (${absent_tools[i]} not installed)"
      [[ -n "$report" ]] && echo "$verdict $step ${absent_tools[i]} not installed; ${absent_whys[i]}" >>"$report"
    done
  done
}

can_install() {
  [[ "$(id -u)" == 0 && "${POOLBENCH_PREFLIGHT_AS_USER:-}" != 1 ]] && command -v apt-get >/dev/null 2>&1
}

# "--skip STEP" for each step that will run and needs a missing package.
skip_options() {
  local row step options=()
  for row in "${missing_steps[@]}"; do
    [[ "$row" == all ]] && row="$steps"
    for step in ${row//,/ }; do
      needed "$step" && [[ " ${options[*]} " != *" --skip $step "* ]] && options+=("--skip $step")
    done
  done
  echo "${options[*]}"
}

# Whether apt's sources have SUITE (its lists, as apt-cache policy reads them).
apt_knows_suite() {
  apt-cache policy 2>/dev/null | grep -Eq "(^|[ ,])[an]=$1(,|\$)"
}

# The release whose suites NAME/SUITE rows name: this machine's (VERSION_CODENAME of os-release).
release_codename() {
  (. "${POOLBENCH_PREFLIGHT_OS_RELEASE:-/etc/os-release}" 2>/dev/null && echo "${VERSION_CODENAME:-}")
}

# For NAME/SUITE rows: one line for each suite apt does not know (a user adds it; root: below).
suite_hints() {
  local package suite
  for package in "${missing_pkgs[@]}"; do
    [[ "$package" == */* ]] || continue
    suite="${package#*/}"
    apt_knows_suite "$suite" && continue
    echo "preflight: ${package%%/*} comes from $suite, which apt's sources lack: add the suite $suite (Debian's own archive and key) to them and run apt-get update first"
  done
}

# As root: a NAME/SUITE package whose SUITE this release has gets SUITE added to apt's sources when
# missing (the machine's own Debian mirror, read from apt's lists, and Debian's keyring); on
# another release, NAME alone (that release's own version). Sets install_pkgs.
prepare_suites() {
  local package suite base mirror file codename added=0
  codename="$(release_codename)"
  install_pkgs=()
  for package in "${missing_pkgs[@]}"; do
    if [[ "$package" != */* ]]; then install_pkgs+=("$package"); continue; fi
    suite="${package#*/}" base="${suite%%-*}"
    if [[ "$base" != "$codename" ]]; then install_pkgs+=("${package%%/*}"); continue; fi
    install_pkgs+=("$package")
    apt_knows_suite "$suite" && continue
    mirror="$(apt-cache policy 2>/dev/null | awk -v s="$base/main" '$3 == s { print $2; exit }')"
    [[ -n "$mirror" ]] || { echo "preflight: no Debian source for $base in apt's sources to add $suite beside; nothing ran" >&2; exit 2; }
    file="${POOLBENCH_PREFLIGHT_SOURCES_DIR:-/etc/apt/sources.list.d}/poolbench-$suite.sources"
    echo "preflight: adding Debian's $suite to apt's sources ($file, $mirror) for ${package%%/*}"
    printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: main\n%s\n' "$mirror" "$suite" \
      "$([[ -r /usr/share/keyrings/debian-archive-keyring.gpg ]] && echo 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg')" >"$file"
    added=1
  done
  ((added == 0)) || apt-get update -qq -o DPkg::Lock::Timeout=600 >>"$log" 2>&1
}

# Not root or no apt-get: one message naming every missing tool and how to install them.
refuse() {
  local i
  {
    echo "preflight: $((${#missing_pkgs[@]} + ${#absent_tools[@]})) of the $checked tools the tests need are missing; no step ran:"
    for i in "${!missing_pkgs[@]}"; do echo "  ${missing_pkgs[i]}: ${missing_whys[i]}"; done
    for i in "${!absent_tools[@]}"; do echo "  ${absent_tools[i]} (no Debian package): ${absent_whys[i]}"; done
    if command -v apt-get >/dev/null 2>&1; then
      echo "preflight: install them (as root, or run ./poolbench test as root and it installs them itself):"
      echo "  sudo apt-get install -y --no-install-recommends ${missing_pkgs[*]}"
      suite_hints
    else
      echo "preflight: no apt-get here: install them with this system's package manager (Debian names above)."
    fi
    local skips; skips="$(skip_options)"
    [[ -z "$skips" ]] || echo "preflight: or leave out the steps that need them: ./poolbench test $skips"
  } >&2
  exit 2
}

install_missing() {
  local i log="$ROOT/.poolbench/preflight-apt.log"
  for i in "${!missing_pkgs[@]}"; do
    echo "preflight: installing ${missing_pkgs[i]}: ${missing_whys[i]}"
  done
  mkdir -p "$ROOT/.poolbench"
  export DEBIAN_FRONTEND=noninteractive
  local install_pkgs=()
  if ! apt-get update -qq -o DPkg::Lock::Timeout=600 >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "preflight: apt-get update failed (log: $log); nothing ran" >&2
    exit 2
  fi
  prepare_suites
  if ! apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "${install_pkgs[@]}" >>"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "preflight: apt-get install ${install_pkgs[*]} failed (log: $log); nothing ran" >&2
    exit 2
  fi
  check_all
  if ((${#missing_pkgs[@]})); then
    echo "preflight: still missing after apt-get install: ${missing_pkgs[*]} (log: $log); nothing ran" >&2
    exit 2
  fi
}

check_all
if ((${#missing_pkgs[@]})); then
  can_install || refuse
  install_missing
fi
report_absent_tools
if ((${#absent_tools[@]} == 0)); then
  echo "preflight: all $checked tool$( ((checked == 1)) || echo s) present ($(elapsed))"
else
  echo "preflight: $((checked - ${#absent_tools[@]})) of $checked tools present ($(elapsed))"
fi
