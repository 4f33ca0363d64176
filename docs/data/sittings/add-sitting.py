#!/usr/bin/env python3
"""Keep one sitting's summary.json as data: docs/data/sittings/README.md.

  python3 docs/data/sittings/add-sitting.py RESULTS_DIR [NAME]

Copies RESULTS_DIR/summary.json to docs/data/sittings/<date>-<design>-<name>.json, where <date>
is the comparison's start (environment.json startedAt, else the results directory's
yyyyMMdd-HHmmss name) as yyyy-mm-dd-hhmm UTC, <design> is solo, shared-host-duet or
isolated-duet (from environment.json's options, as the runner decides it: report/BetweenSitting),
and <name> is NAME, else the profiles compared joined by '+'. Refuses to overwrite a file.
"""
import json
import os
import re
import shutil
import sys


def design(options):
    if not options.get("duet", False):
        return "solo"
    return "isolated-duet" if options.get("lanes") == "isolated" else "shared-host-duet"


def started(results, env):
    stamp = env.get("startedAt", "")
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})", stamp)
    if m:
        return "%s-%s-%s-%s%s" % m.groups()
    m = re.match(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})", os.path.basename(os.path.normpath(results)))
    if m:
        return "%s-%s-%s-%s%s" % m.groups()
    sys.exit("add-sitting: no start time in %s/environment.json nor in the directory's name" % results)


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    results = argv[1]
    summary = os.path.join(results, "summary.json")
    if not os.path.isfile(summary):
        sys.exit("add-sitting: no summary.json in %s (./poolbench summarize --results %s first)" % (results, results))
    env_file = os.path.join(results, "environment.json")
    env = json.load(open(env_file, encoding="utf-8")) if os.path.isfile(env_file) else {}
    options = env.get("options", {})
    name = argv[2] if len(argv) == 3 else "+".join(options.get("profiles", [])) or "pairs"
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "%s-%s-%s.json" % (started(results, env), design(options), name))
    if os.path.exists(target):
        sys.exit("add-sitting: %s exists already" % target)
    shutil.copyfile(summary, target)
    print(target)


if __name__ == "__main__":
    main(sys.argv)
