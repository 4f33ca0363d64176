#!/usr/bin/env python3
"""The results of `./poolbench compare --quick` (run-all's quick-compare step) checked beyond its exit
status, then each check shown to fail on a copy spoilt for it (the self-test).

The duets: each window's two lanes in one measured window (lanes 0 and 1), each valid and checked
against /report, reset after the warm-up, their first requests at most 500 ms apart, on their own copy
of the database in one server (shared lanes); the verdict paired by duet, a picture per duet; the
releases the apps reported in environment.json, summary.json, summary.txt and report.html. The head
start: the first window's JVMs started in it, every later window's during the one before (its app
waited for a part of its start at most); no process of the comparison left once it ended.
These were two end-to-end tests of bench/compare with a comparison of their own (DuetComparisonTest,
hikari beside dbcp2, and PipelinedRunsTest's first); the quick comparison runs the same paths.

usage: tests/check_quick_compare.py RESULTS_DIR | --latest   (--latest: the newest results/*/runs.jsonl)
exit:  0 every check holds and fails on its spoilt copy; 1 not; 2 usage
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKEW_BOUND_MILLIS = 500  # tens of ms on a quiet machine (bench/README.md, "Duet runs"); room for a busy CI


def read(d, name):
    with open(os.path.join(d, name), encoding="utf-8") as f:
        return f.read()


def records_of(d):
    return [json.loads(line) for line in read(d, "runs.jsonl").splitlines() if line.strip()]


def windows_of(records):
    """The records by duet window, in the order the windows ran."""
    windows = {}
    for r in records:
        windows.setdefault(r.get("duet", {}).get("window"), []).append(r)
    return list(windows.items())


def lane_problems(d, window, pair):
    problems = []
    if sorted(r.get("duet", {}).get("lane") for r in pair) != [0, 1]:
        return [f"window {window}: lanes {[r.get('duet', {}).get('lane') for r in pair]}, not 0 and 1"]
    for r in pair:
        run, timings = r.get("runDir"), r.get("timings", {})
        if not r.get("valid"):
            problems.append(f"{run}: not valid: {r.get('problems')}")
        if not r.get("result", {}).get("reportCheck", {}).get("ok"):
            problems.append(f"{run}: /report not checked ok")
        if "warmupResetMillis" not in timings:
            problems.append(f"{run}: no reset after the warm-up")
        skew = r.get("duet", {}).get("firstRequestSkewMillis")
        if skew is None or skew > SKEW_BOUND_MILLIS:
            problems.append(f"{run}: first requests {skew} ms apart (bound {SKEW_BOUND_MILLIS})")
        if r.get("lanePlacement", {}).get("placement") != "shared":
            problems.append(f"{run}: lanes not shared: {r.get('lanePlacement', {}).get('placement')}")
        url = r.get("poolSettings", {}).get("jdbcUrl", "")
        own = "/isu4_qualifier_2" if r["duet"]["lane"] == 1 else "/isu4_qualifier"
        if not (url.endswith(own) or own + "?" in url):
            problems.append(f"{run}: its app's JDBC URL {url} is not on {own[1:]}")
    ports = {r.get("lanePlacement", {}).get("database", {}).get("port") for r in pair}
    if len(ports) != 1:
        problems.append(f"window {window}: two database servers {ports}, not one")
    if not os.path.isfile(os.path.join(d, "duets", f"{window}.png")):
        problems.append(f"window {window}: no duets/{window}.png")
    return problems


def head_start_problems(d, windows):
    if len(windows) < 2:
        return ["one window only: no head start to check"]
    problems = []
    for i, (window, pair) in enumerate(windows):
        for r in pair:
            run, timings = r.get("runDir"), r.get("timings", {})
            if i == 0 and timings.get("startedAhead") is not False:
                problems.append(f"{run}: the first window's JVMs started ahead ({timings.get('startedAhead')})")
            if i > 0 and timings.get("startedAhead") is not True:
                problems.append(f"{run}: not started ahead during the window before")
            if i > 0 and not timings.get("appStartWaitMillis", 0) < timings.get("appStartMillis", 0):
                problems.append(f"{run}: waited its app's whole start ({timings.get('appStartWaitMillis')} of "
                                f"{timings.get('appStartMillis')} ms)")
            if not os.path.isfile(os.path.join(d, "runs", str(run), "app.log")):
                problems.append(f"{run}: no app.log")
    return problems


def report_problems(d):
    problems = []
    summary, page = read(d, "summary.txt"), read(d, "report.html")
    for text in ("duets, shared lanes (", "paired by duet", "dbcp2 vs hikari:", "over 1 duet"):
        if text not in summary:
            problems.append(f"summary.txt lacks '{text}'")
    environment = json.loads(read(d, "environment.json"))
    for name, node in (("environment.json", environment), ("summary.json", json.loads(read(d, "summary.json")))):
        releases = node.get("releases", {})
        if not re.fullmatch(r"HikariCP \d+\.\d+\.\d+", releases.get("hikari", {}).get("pool", "")):
            problems.append(f"{name}: hikari's release {releases.get('hikari')}")
        if not re.fullmatch(r"commons-dbcp2 \d+\.\d+\.\d+", releases.get("dbcp2", {}).get("pool", "")):
            problems.append(f"{name}: dbcp2's release {releases.get('dbcp2')}")
        if not releases.get("hikari", {}).get("driver", "").startswith("mysql-connector-j "):
            problems.append(f"{name}: hikari's driver {releases.get('hikari')}")
    line = "Releases: hikari " + environment.get("releases", {}).get("hikari", {}).get("pool", "?")
    for name, text in (("summary.txt", summary), ("report.html", page)):
        if line not in text:
            problems.append(f"{name} lacks '{line}'")
    return problems


def left_running(d):
    """Processes (not this one or its callers) whose command line names the results directory."""
    mine, pid = set(), os.getpid()
    while pid > 1:
        mine.add(pid)
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            pid = int(f.read().rsplit(")", 1)[1].split()[1])
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in mine:
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                line = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if os.path.abspath(d) in line:
            found.append(f"{entry} {line[:160]}")
    return [f"still running after the comparison: {p}" for p in found]


def problems_of(d):
    records = records_of(d)
    if not records:
        return ["runs.jsonl has no run"]
    windows = windows_of(records)
    problems = [p for window, pair in windows for p in lane_problems(d, window, pair)]
    return problems + head_start_problems(d, windows) + report_problems(d) + left_running(d)


def copy_of(d, into):
    """The files the checks read: the top level, duets/, and each run's app.log (empty)."""
    os.makedirs(os.path.join(into, "duets"))
    for name in ("runs.jsonl", "summary.txt", "summary.json", "environment.json", "report.html"):
        shutil.copy(os.path.join(d, name), into)
    for png in glob.glob(os.path.join(d, "duets", "*.png")):
        shutil.copy(png, os.path.join(into, "duets"))
    for log in glob.glob(os.path.join(d, "runs", "*", "app.log")):
        run = os.path.join(into, "runs", os.path.basename(os.path.dirname(log)))
        os.makedirs(run)
        open(os.path.join(run, "app.log"), "w").close()
    return into


def edit_records(change):
    def spoil(d):
        records = records_of(d)
        change(records)
        with open(os.path.join(d, "runs.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in records)
    return spoil


def edit_text(name, old, new=""):
    def spoil(d):
        text = read(d, name)
        assert old in text, f"self-test: '{old}' not in {name}"
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))
    return spoil


def second_window(records):
    """The records of the second window to run."""
    return windows_of(records)[1][1]


SPOILERS = [
    ("a run not valid", edit_records(lambda rs: rs[0].update(valid=False)), "not valid"),
    ("/report not checked", edit_records(lambda rs: rs[1]["result"]["reportCheck"].update(ok=False)), "/report"),
    ("no reset after the warm-up", edit_records(lambda rs: rs[0]["timings"].pop("warmupResetMillis")), "reset"),
    ("first requests 900 ms apart", edit_records(lambda rs: rs[0]["duet"].update(firstRequestSkewMillis=900)),
     "apart"),
    ("a lane alone in its window", edit_records(lambda rs: rs.pop(1)), "lanes"),
    ("lanes not shared", edit_records(lambda rs: rs[0]["lanePlacement"].update(placement="isolated")), "shared"),
    ("a second server", edit_records(lambda rs: rs[1]["lanePlacement"]["database"].update(port=1)), "servers"),
    ("lane 1 on the game's database", edit_records(lambda rs: [r["poolSettings"].update(
        jdbcUrl=r["poolSettings"]["jdbcUrl"].replace("_2", "")) for r in rs]), "JDBC URL"),
    ("no duet picture", lambda d: [os.remove(p) for p in glob.glob(os.path.join(d, "duets", "*.png"))[:1]],
     ".png"),
    ("the first window started ahead", edit_records(lambda rs: rs[0]["timings"].update(startedAhead=True)),
     "first window"),
    ("a later window not started ahead", edit_records(lambda rs: second_window(rs)[0]["timings"].update(
        startedAhead=False)), "not started ahead"),
    ("the whole start waited", edit_records(lambda rs: second_window(rs)[1]["timings"].update(
        appStartWaitMillis=second_window(rs)[1]["timings"]["appStartMillis"])), "whole start"),
    ("one window only", edit_records(lambda rs: [rs.pop() for _ in range(len(rs) - 2)]), "one window"),
    ("no app.log", lambda d: os.remove(glob.glob(os.path.join(d, "runs", "*", "app.log"))[0]), "app.log"),
    ("not paired by duet", edit_text("summary.txt", "paired by duet"), "paired by duet"),
    ("no release in environment.json", edit_text("environment.json", '"HikariCP ', '"HikariCP v'),
     "environment.json"),
    ("no releases line in report.html", edit_text("report.html", "Releases: hikari ", "Releases: "),
     "report.html"),
]


def self_test(d):
    """Each spoiler makes the checks fail with its problem; a process naming the results is seen."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, spoil, expected) in enumerate(SPOILERS):
            copy = copy_of(d, os.path.join(tmp, str(i)))
            spoil(copy)
            problems = problems_of(copy)
            if not any(expected in p for p in problems):
                failures.append(f"{name}: no problem with '{expected}' ({problems})")
        copy = copy_of(d, os.path.join(tmp, "live"))
        sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", copy])
        try:
            if not any("still running" in p for p in problems_of(copy)):
                failures.append("a process naming the results directory was not seen")
        finally:
            sleeper.kill()
            sleeper.wait()
    return failures


def latest():
    found = sorted(glob.glob(os.path.join(ROOT, "results", "*", "runs.jsonl")), key=os.path.getmtime)
    return os.path.dirname(found[-1]) if found else None


def main(args):
    if len(args) != 1 or args[0].startswith("-") and args[0] != "--latest":
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    d = latest() if args[0] == "--latest" else args[0]
    if d is None or not os.path.isfile(os.path.join(d, "runs.jsonl")):
        print(f"check_quick_compare: no comparison's results in {d or 'results/'}", file=sys.stderr)
        return 1
    problems = problems_of(d)
    for p in problems:
        print(f"check_quick_compare: FAILED: {p}", file=sys.stderr)
    if problems:
        return 1
    failures = self_test(d)
    for f in failures:
        print(f"check_quick_compare: self-test FAILED: {f}", file=sys.stderr)
    if failures:
        return 1
    windows = windows_of(records_of(d))
    print(f"check_quick_compare: {d}: {len(windows)} duets as they should be, each after the first started ahead, "
          f"nothing left running (self-test: {len(SPOILERS) + 1} spoilt copies each failed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
