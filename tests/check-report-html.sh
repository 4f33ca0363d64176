#!/usr/bin/env bash
# Opens a report.html in headless Chromium (no network) and checks that it renders with every
# picture loaded: the page's own script writes, on load, data-images-loaded / data-images-broken
# on <body>; this reads them back from the dumped DOM. With --screenshot FILE also a PNG of the
# page's top (1280 x 2000), to look at.
#
# usage: tests/check-report-html.sh [--screenshot FILE] REPORT.html|RESULTS_DIR
#        tests/check-report-html.sh [--screenshot FILE] --latest compare|faults   (newest under results/)
# exit: 0 rendered with every picture; 1 not; 2 usage; 3 no chromium (only when CI is not true:
#       with CI=true a missing chromium is a failure, exit 1, in one line)
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shot=""
if [[ "${1:-}" == "--screenshot" ]]; then shot="${2:?--screenshot needs a file}"; shift 2; fi
case "${1:-}" in
  --latest)
    kind="${2:?--latest needs compare or faults}"
    case "$kind" in
      compare) pattern="$ROOT/results/*/report.html" ;;
      faults) pattern="$ROOT/results/*/faults/report.html" ;;
      *) echo "check-report-html: --latest compare|faults, not '$kind'" >&2; exit 2 ;;
    esac
    # The page written last (a stamp taken twice gets a "-2" suffix, which sorts before it by name).
    page="$(ls -1t $pattern 2>/dev/null | head -1)"
    [[ -n "$page" ]] || { echo "check-report-html: no $pattern" >&2; exit 1; } ;;
  "") echo "usage: tests/check-report-html.sh [--screenshot FILE] REPORT.html|RESULTS_DIR | --latest compare|faults" >&2; exit 2 ;;
  *) page="$1"; [[ -d "$page" ]] && page="$page/report.html" ;;
esac
[[ -f "$page" ]] || { echo "check-report-html: no such page: $page" >&2; exit 1; }
page="$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"

chromium="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [[ -z "$chromium" ]]; then
  if [[ "${CI:-}" == "true" ]]; then
    echo "check-report-html: FAILED: chromium not found (apt-get install chromium); cannot check $page" >&2
    exit 1
  fi
  echo "check-report-html: skipped: chromium not found (apt-get install chromium); CI=true makes this a failure" >&2
  exit 3
fi

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --disable-extensions --user-data-dir="$profile"
       --virtual-time-budget=5000)
started=$SECONDS
dom="$(timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$page" 2>"$profile/stderr")"
status=$?
if ((status != 0)) || [[ -z "$dom" ]]; then
  echo "check-report-html: FAILED: chromium exited $status on $page: $(tail -3 "$profile/stderr" | tr '\n' ' ')" >&2
  exit 1
fi
loaded="$(grep -o 'data-images-loaded="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' | head -1)"
broken="$(grep -o 'data-images-broken="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' | head -1)"
tags="$(grep -o '<img ' <<<"$dom" | wc -l)"
if [[ -z "$loaded" || -z "$broken" ]]; then
  echo "check-report-html: FAILED: the page's load script did not run in $page (no data-images-* on <body>)" >&2
  exit 1
fi
if ((broken != 0 || loaded != tags || tags == 0)); then
  echo "check-report-html: FAILED: $page: $loaded of $tags pictures loaded, $broken broken" >&2
  exit 1
fi
if [[ -n "$shot" ]]; then
  shot="$(realpath -m "$shot")"; mkdir -p "$(dirname "$shot")"
  timeout 120 "$chromium" "${flags[@]}" --hide-scrollbars --window-size=1280,2000 --screenshot="$shot" \
    "file://$page" >/dev/null 2>&1 || { echo "check-report-html: FAILED: no screenshot of $page" >&2; exit 1; }
fi
echo "check-report-html: $page renders, $loaded of $tags pictures loaded ($((SECONDS - started)) s)"
