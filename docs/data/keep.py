#!/usr/bin/env python3
"""Keep a measurement as data: docs/data/README.md.

  python3 docs/data/keep.py sitting RESULTS_DIR [NAME]   a comparison's summary.json -> sittings/
  python3 docs/data/keep.py size RESULTS_DIR             a size search -> sizes/<stamp>-<pools>-<distance>[-<database>]/
  python3 docs/data/keep.py faults RESULTS_DIR           a faults run (results/<stamp>/faults) ->
                                                         faults/<stamp>-<pools>[-<scenarios>][-<database>]/
                                                         (faults.yml's on the fleet: fleet-faults/)
  python3 docs/data/keep.py micro RESULTS_DIR            a JMH run (results/<stamp>/micro) -> micro/<stamp>/
  python3 docs/data/keep.py dimension RESULTS_DIR SUBJECT a comparison of one dimension (redis: --session,
                                                         virtual-threads: --threads) -> dimensions/SUBJECT/

Only the small files a figure is rendered from are copied (summary.json, size.json, faults.json
and each fault run's runs/*/fault-run.json, JMH's jmh-result.json, their .txt, environment.json,
options.json), with provenance.json: what docs/data/measure.sh
recorded (the command, the commit, the load average before it, the machine's facts). A sitting's
provenance goes to sittings/provenance/<name>.json, since `./poolbench sittings` reads every
sittings/*.json as a summary. <stamp> is the measurement's start in UTC, yyyy-mm-dd-hhmm
(environment.json startedAt, else the results directory's name). Refuses to overwrite.
"""
import glob
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE_FILES = ("size.json", "size.txt", "environment.json", "provenance.json")
MICRO_FILES = ("jmh-result.json", "micro.txt", "provenance.json")
FAULT_FILES = ("faults.json", "faults.txt", "environment.json", "options.json", "provenance.json")
# The local faults command's default scenarios: a run of others names them in its directory.
DEFAULT_FAULT_SCENARIOS = {"unreachable", "hang", "restart"}


def fail(message):
    sys.exit(f"keep: {message}")


def load(path):
    if not os.path.isfile(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def stamp(results, env):
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})", env.get("startedAt", ""))
    if m:
        return "%s-%s-%s-%s%s" % m.groups()
    for part in reversed(os.path.normpath(results).split(os.sep)):
        m = re.match(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})", part)
        if m:
            return "%s-%s-%s-%s%s" % m.groups()
    fail(f"no start time in {results}/environment.json nor in the directory's name")


def design(options):
    """As the runner decides it (report/BetweenSitting): solo, shared-host-duet or isolated-duet."""
    if not options.get("duet", False):
        return "solo"
    return "isolated-duet" if options.get("lanes") == "isolated" else "shared-host-duet"


def provenance(results):
    p = load(os.path.join(results, "provenance.json"))
    if not p:
        print(f"keep: {results} has no provenance.json (not taken with docs/data/measure.sh): "
              "the command and the load before it are not kept", file=sys.stderr)
    return p


def write_provenance(path, results, env):
    """A sitting's provenance beside its summary (in provenance/, which `sittings` does not read)."""
    record = dict(provenance(results))
    record["environment"] = {k: env[k] for k in ("startedAt", "finishedAt", "gitCommit", "host", "jvm", "releases")
                          if k in env}
    # Where the lanes ran (the fleet's page tells a local sitting from a fleet one by these).
    options = env.get("options", {})
    record["options"] = {k: options[k] for k in ("appUrl", "secondAppUrl", "duet", "lanes", "database") if k in options}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=2)
        f.write("\n")


def copy_small(results, target, names):
    if os.path.exists(target):
        fail(f"{target} exists already")
    os.makedirs(target)
    kept = [name for name in names if os.path.isfile(os.path.join(results, name))]
    for name in kept:
        shutil.copyfile(os.path.join(results, name), os.path.join(target, name))
    return kept


def keep_sitting(results, name=None):
    if not os.path.isfile(os.path.join(results, "summary.json")):
        fail(f"no summary.json in {results} (./poolbench summarize --results {results} first)")
    env = load(os.path.join(results, "environment.json"))
    options = env.get("options", {})
    if (options.get("database") or "mariadb") != "mariadb":
        fail(f"{results} ran on {options['database']}: sittings/ pools MariaDB sittings only; keep it with "
             f"`keep.py dimension {results} {options['database']}`")
    name = name or "+".join(options.get("profiles", [])) or "pairs"
    base = f"{stamp(results, env)}-{design(options)}-{name}"
    target = os.path.join(HERE, "sittings", base + ".json")
    if os.path.exists(target):
        fail(f"{target} exists already")
    shutil.copyfile(os.path.join(results, "summary.json"), target)
    write_provenance(os.path.join(HERE, "sittings", "provenance", base + ".json"), results, env)
    return target


def keep_size(results):
    size = load(os.path.join(results, "size.json"))
    if not size:
        fail(f"no size.json in {results}: not a size search, or it did not finish")
    env = load(os.path.join(results, "environment.json"))
    pools = "+".join(p["profile"] for p in size["pools"])
    distance = (env.get("dbDistance") or {}).get("name") or env.get("options", {}).get("dbDistance") or "loopback"
    if distance == "custom":  # --db-latency: the name says the round trip, e.g. 1ms (the knee against the distance)
        distance = f"{env['dbDistance'].get('averageLatencyMicros', 0) / 1000:g}ms"
    if env.get("options", {}).get("mode") == "remote":
        distance = "fleet"  # the user's hosts (size.yml): the renderers keep them apart from the local searches
    # A database other than the default names itself, so the renderers keep the answers apart.
    database = env.get("options", {}).get("database") or "mariadb"
    suffix = "" if database == "mariadb" else f"-{database}"
    # So does a load other than the load generator's default 8 workers (the knee against the load, issue 53).
    workers = env.get("options", {}).get("workload")
    at_load = f"-w{workers}" if workers not in (None, 8) else ""
    target = os.path.join(HERE, "sizes", f"{stamp(results, env)}-{pools}-{distance}{at_load}{suffix}")
    provenance(results)
    copy_small(results, target, SIZE_FILES)
    return target


def keep_faults(results):
    faults = load(os.path.join(results, "faults.json"))
    if not faults:
        fail(f"no faults.json in {results} (results/<stamp>/faults of ./poolbench faults)")
    env = load(os.path.join(results, "environment.json"))
    options = load(os.path.join(results, "options.json")) or faults.get("options", {})
    # faults.yml's runs (environment.json "mode": "ansible") act between hosts.
    folder = "fleet-faults" if env.get("mode") == "ansible" else "faults"
    target = os.path.join(HERE, folder, f"{stamp(results, env)}-{fault_run_name(faults, options)}")
    provenance(results)
    copy_small(results, target, FAULT_FILES)
    # Each run's own record (fault begin and end, login_log counts, a failover's connections to
    # either primary and its logins never replicated): faults.json has only the figures.
    for record in sorted(glob.glob(os.path.join(results, "runs", "*", "fault-run.json"))):
        run = os.path.basename(os.path.dirname(record))
        os.makedirs(os.path.join(target, "runs", run))
        shutil.copyfile(record, os.path.join(target, "runs", run, "fault-run.json"))
    return target


def fault_run_name(faults, options):
    """<pools>[-<scenarios>][-<database>]: the scenarios unless they are the default three (an
    idle-timeout run says so), the database unless it is MariaDB, as a size search's does. The
    renderers read both from faults.json's options; the name is for whoever lists the folder."""
    runs = faults.get("runs", [])
    pools = options.get("profiles") or sorted({r.get("profile", "?") for r in runs})
    name = "all" if len(pools) >= 9 else "+".join(pools)
    scenarios = options.get("scenarios") or sorted({r.get("scenario", "?") for r in runs})
    if set(scenarios) != DEFAULT_FAULT_SCENARIOS:
        name += "-" + "+".join(scenarios)
    database = options.get("database") or faults.get("options", {}).get("database") or "mariadb"
    return name if database == "mariadb" else f"{name}-{database}"


def keep_dimension(results, subject):
    """A sitting that measures a dimension (not a pool against hikari): kept apart from sittings/,
    which `./poolbench sittings` pools."""
    if not re.fullmatch(r"[a-z0-9-]+", subject):
        fail(f"the subject must be lower-case words joined by '-', got {subject!r}")
    if not os.path.isfile(os.path.join(results, "summary.json")):
        fail(f"no summary.json in {results} (./poolbench summarize --results {results} first)")
    env = load(os.path.join(results, "environment.json"))
    options = env.get("options", {})
    base = f"{stamp(results, env)}-{'+'.join(options.get('profiles', [])) or 'pairs'}"
    folder = os.path.join(HERE, "dimensions", subject)
    target = os.path.join(folder, base + ".json")
    if os.path.exists(target):
        fail(f"{target} exists already")
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(os.path.join(results, "summary.json"), target)
    write_provenance(os.path.join(folder, "provenance", base + ".json"), results, env)
    return target


def keep_micro(results):
    if not os.path.isfile(os.path.join(results, "jmh-result.json")):
        fail(f"no jmh-result.json in {results} (results/<stamp>/micro of ./poolbench micro)")
    target = os.path.join(HERE, "micro", stamp(results, {}))
    provenance(results)
    copy_small(results, target, MICRO_FILES)
    return target


def main(argv):
    kinds = {"sitting": keep_sitting, "size": keep_size, "faults": keep_faults, "micro": keep_micro,
             "dimension": keep_dimension}
    takes_name = ("sitting", "dimension")
    if (len(argv) < 3 or argv[1] not in kinds or (argv[1] not in takes_name and len(argv) != 3) or len(argv) > 4
            or (argv[1] == "dimension" and len(argv) != 4)):
        sys.exit(__doc__.strip().split("\n\n")[1])
    results = argv[2].rstrip("/")
    if not os.path.isdir(results):
        fail(f"{results} is not a directory")
    print(kinds[argv[1]](results, *argv[3:]))


if __name__ == "__main__":
    main(sys.argv)
