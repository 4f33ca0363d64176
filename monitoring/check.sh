#!/usr/bin/env bash
# The committed dashboard JSON must be what monitoring/dashboard.py generates (no hand edits,
# no forgotten regeneration). Installs the pinned SDK into .poolbench/venv-dashboards once.
#
#   monitoring/check.sh            check (exit 1 and a diff when they differ)
#   monitoring/check.sh --write    regenerate monitoring/grafana/poolbench.json
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.poolbench/venv-dashboards"
REQS="$ROOT/monitoring/requirements.txt"
OUT="$ROOT/monitoring/grafana/poolbench.json"

# Reinstall when the pin changed since the venv was made.
if [[ ! -x "$VENV/bin/python" ]] || ! cmp -s "$REQS" "$VENV/requirements.txt"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQS"
  cp "$REQS" "$VENV/requirements.txt"
fi

if [[ "${1:-}" == "--write" ]]; then
  "$VENV/bin/python" "$ROOT/monitoring/dashboard.py" > "$OUT"
  echo "dashboard: wrote $OUT"
  exit 0
fi
generated="$(mktemp)"
trap 'rm -f "$generated"' EXIT
"$VENV/bin/python" "$ROOT/monitoring/dashboard.py" > "$generated"
if ! diff -u "$OUT" "$generated"; then
  echo "dashboard: $OUT differs from monitoring/dashboard.py's output; run monitoring/check.sh --write" >&2
  exit 1
fi
echo "dashboard: $OUT is what monitoring/dashboard.py generates"
