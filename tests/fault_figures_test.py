#!/usr/bin/env python3
"""The fault figures per database (docs/render/faults.py, idle_timeout.py, max_connections.py) and
keep.py's fault directory names, on small synthetic faults.json files written here into a scratch
repository (never docs/data): each cell of the PostgreSQL, idle-timeout and max-connections tables is
compared with the value its runs give (idle-timeout's sessions the server closed with each run's
fault-run.json: the field, or the detail of a run recorded before it), MariaDB's table must not take
another database's runs nor scenario's, and a figure of nothing kept is the one line naming its
command. python3 stdlib only, well under a second.

usage: python3 tests/fault_figures_test.py
"""
import importlib.util
import json
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "docs"))
from render import faults, idle_timeout, max_connections  # noqa: E402
from render.data import Data  # noqa: E402

_spec = importlib.util.spec_from_file_location("keep", os.path.join(ROOT, "docs", "data", "keep.py"))
keep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(keep)


def figures(longest_ms, after, first_ok, recovery, opened, verdict="ok", seen=True, first_error=1.0, during=3,
            replicas=None):
    """A run's figures as faults.json holds them; replicas: max-connections' replicas.json (surge())."""
    figs = {"errorsByStatus": {"503": during}, "errorsDuringFault": during, "errorsAfterReturn": after,
            "firstErrorSeconds": first_error, "longestRequestMillis": longest_ms, "firstSuccessSeconds": first_ok,
            "recoverySeconds": recovery, "connectionsOpened": opened, "peakPending": 0.0,
            "loginLog": {"rowsAdded": 100, "decided": 100, "noResponse": 0, "verdict": verdict},
            "reportExact": False, "valid": False, "decidedInsideFault": 0, "faultSeen": seen}
    if replicas is not None:
        figs["replicas"] = replicas
    return figs


def surge(before, in_surge, after, every, refused, probe_errors, exits=None, max_connections=33, answered=None):
    """A replicas.json as the rolling update writes it (faults.RollingUpdate, SurgeFigures), of
    len(before) replicas of 10: before: the connections of old-1 (the loaded one), old-2, ...;
    in_surge, probe_errors: of new-1, ...; after: old-1's at the end, then new-1's, ...; exits:
    {new-N: its exit line}; answered: each new replica's first answer after its start (6 s each if not given)."""
    exits = exits or {}
    answered = answered or [6.0] * len(in_surge)
    old = [{"name": f"old-{i + 2}", "connectionsBefore": c, "stoppedSecond": 20.0 * (i + 1)}
           for i, c in enumerate(before[1:])]
    new = [{"name": f"new-{i + 1}", "startedSecond": 20.0 * i, "answeredSeconds": answered[i],
            "servesSeconds": None if f"new-{i + 1}" in exits else 7.5, "servedInSurge": c is not None and c > 0,
            "connectionsInSurge": c, "connectionsAfterStop": a, "probes": 40, "probeErrors": e}
           for i, (c, a, e) in enumerate(zip(in_surge, after[1:], probe_errors))]
    for r in new:
        if r["name"] in exits:
            r.update(exitStatus=1, exitLine=exits[r["name"]])
    # As RollingUpdate lists them: the old ones first, then the new ones.
    return {"replicas": len(before), "poolSize": 10, "maxConnections": max_connections,
            "previousMaxConnections": 151, "loadedConnectionsBefore": before[0], "serverConnectionsBefore": 31,
            "loadedConnectionsAtEnd": after[0], "serverConnectionsAtEnd": 31, "refusedConnections": refused,
            "everyReplicaServesSeconds": every, "replicaFigures": old + new}


def run(scenario, profile, figs, settings="shipped"):
    return {"scenario": scenario, "profile": profile, "session": "memory", "settings": settings,
            "faultBeginSecond": 10.0, "faultEndSecond": 20.0, "figures": figs, "problems": []}


def options(scenarios, database=None, **more):
    o = {"profiles": ["hikari", "dbcp2"], "scenarios": scenarios, "durationSeconds": 40, "faultAtSeconds": 10,
         "faultSeconds": 10, "poolSize": 10, "poolWaitMillis": 5000}
    if database:  # a run kept before --database existed names none: MariaDB
        o["database"] = database
    o.update(more)
    return o


def write(root, name, opts, runs, cpu_busy=0, command=None, releases=None):
    """A kept faults directory: faults.json, provenance.json (with measure.sh's command when given) and,
    with releases ({profile: {pool, driver}}), environment.json."""
    folder = os.path.join(root, "docs", "data", "faults", name)
    os.makedirs(folder)
    with open(os.path.join(folder, "faults.json"), "w") as f:
        json.dump({"schema": 1, "options": opts, "runs": runs}, f)
    with open(os.path.join(folder, "provenance.json"), "w") as f:
        json.dump({"cpuBusyPercentBefore": cpu_busy, **({"command": command} if command else {})}, f)
    if releases:
        with open(os.path.join(folder, "environment.json"), "w") as f:
            json.dump({"database": "11.4.5-MariaDB", "releases": releases}, f)


def write_record(root, name, run_dir, scenario, profile, settings, closed=None, detail=None):
    """A run's own fault-run.json as keep.py keeps it: closed as the field serverClosedSessions, or (a run recorded
    before it) only in IdleTimeoutFault's detail."""
    folder = os.path.join(root, "docs", "data", "faults", name, "runs", run_dir)
    os.makedirs(folder)
    record = {"schema": 1, "scenario": scenario, "profile": profile, "session": "memory", "settings": settings,
              "faultDetail": detail}
    if closed is not None:
        record["serverClosedSessions"] = closed
    with open(os.path.join(folder, "fault-run.json"), "w") as f:
        json.dump(record, f)


def cells_of(markdown):
    """{(first column, second column, ...key columns): {header: cell}} of the first Markdown table."""
    lines = [line for line in markdown.splitlines() if line.startswith("|")]
    header = [h.strip() for h in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        rows.append(dict(zip(header, (c.strip() for c in line.strip("|").split("|")))))
    return rows


def row(rows, **where):
    found = [r for r in rows if all(r[k] == v for k, v in where.items())]
    if len(found) != 1:
        raise AssertionError(f"{len(found)} rows where {where} in {rows}")
    return found[0]


class FaultFiguresTest(unittest.TestCase):

    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.root = self.scratch.name
        # MariaDB, named by no option (kept before --database): one restart run.
        write(self.root, "2026-12-07-0900-hikari", options(["unreachable", "hang", "restart"]),
              [run("restart", "hikari", figures(5000.0, 8, 4.7, 4.7, 8.0))])
        # PostgreSQL: two sittings of hikari's unreachable (a median of two and its range), one of dbcp2's hang.
        write(self.root, "2026-12-07-1000-hikari+dbcp2-postgres", options(["unreachable", "hang"], "postgres"),
              [run("unreachable", "hikari", figures(5000.0, 0, 0.0, 0.5, 8.0)),
               run("hang", "dbcp2", figures(10000.0, 1203, 0.0, 5.0, 11.0, verdict="LOST 2"))], cpu_busy=3)
        write(self.root, "2026-12-07-1100-hikari-postgres", options(["unreachable"], "postgres"),
              [run("unreachable", "hikari", figures(4000.0, 2, 0.0, 1.5, 10.0))])
        # idle-timeout on both databases; one MariaDB run whose pause saw logins (left out).
        write(self.root, "2026-12-07-1200-hikari+dbcp2-idle-timeout-postgres",
              options(["idle-timeout"], "postgres", idleTimeoutSeconds=4),
              [run("idle-timeout", "hikari", figures(40.0, 0, 0.0, 0.0, 0.0, first_error=None)),
               run("idle-timeout", "dbcp2", figures(30.0, 17, 0.0, 1.0, 10.0, first_error=None)),
               run("idle-timeout", "dbcp2", figures(35.0, 0, 0.0, 0.0, 10.0, first_error=None), "recommended")])
        write(self.root, "2026-12-07-1300-dbcp2-idle-timeout", options(["idle-timeout"], "mariadb",
                                                                      idleTimeoutSeconds=4),
              [run("idle-timeout", "dbcp2", figures(25.0, 40, 1.0, 2.0, 10.0, first_error=None)),
               run("idle-timeout", "hikari", figures(25.0, 0, 0.0, 0.0, 0.0, seen=False))])
        # Their records: PostgreSQL's hikari and MariaDB's dbcp2 with the field, PostgreSQL's shipped dbcp2 only in
        # the detail (recorded before the field), its recommended dbcp2 none; MariaDB's unseen hikari is left out.
        postgres, mariadb = "2026-12-07-1200-hikari+dbcp2-idle-timeout-postgres", "2026-12-07-1300-dbcp2-idle-timeout"
        write_record(self.root, postgres, "idle-timeout-hikari-shipped", "idle-timeout", "hikari", "shipped", closed=2,
                     detail="idle timeout 4 s: the server closed 2 of the 10 sessions open at the pause's start")
        write_record(self.root, postgres, "idle-timeout-dbcp2-shipped", "idle-timeout", "dbcp2", "shipped",
                     detail="idle timeout 4 s: the server closed 7 of the 10 sessions open at the pause's start; "
                            "3 sessions at its end, the longest idle 2 s")
        write_record(self.root, mariadb, "idle-timeout-dbcp2", "idle-timeout", "dbcp2", "shipped", closed=9)
        write_record(self.root, mariadb, "idle-timeout-hikari", "idle-timeout", "hikari", "shipped", closed=5)
        # max-connections (MariaDB): hikari in two sittings (a new replica exiting in the second), dbcp
        # recommended with one exiting, dbcp as shipped whose server refused nothing (left out), tomcat failed.
        driver = "mysql-connector-j 9.7.0"
        write(self.root, "2026-12-07-1840-hikari+dbcp+tomcat-max-connections",
              options(["max-connections"], "mariadb", replicas=3),
              [run("max-connections", "hikari", figures(900.0, 0, 0.0, 0.0, 0.0, during=0, replicas=surge(
                  [10, 10, 10], [3, 3], [10, 10, 10], 12.5, 14, [0, 1]))),
               run("max-connections", "dbcp", figures(900.0, 1, 0.0, 0.0, 0.0, "LOST 1", during=5, replicas=surge(
                   [10, 10, 10], [None, 2], [10, None, 10], None, 40, [0, 0], exits={
                       "new-1": "Caused by: java.sql.SQLNonTransientConnectionException: (conn=77) Too many "
                                "connections"})), "recommended"),
               run("max-connections", "dbcp", figures(900.0, 0, 0.0, 0.0, 0.0, seen=False, replicas=surge(
                   [10, 10, 10], [10, 10], [10, 10, 10], 8.0, 0, [0, 0]))),
               run("max-connections", "tomcat", None)], cpu_busy=2,
              command="./poolbench faults --scenarios max-connections --profiles hikari\\,dbcp\\,tomcat "
                      "--settings shipped\\,recommended",
              releases={"hikari": {"pool": "HikariCP 7.1.0", "driver": driver},
                        "dbcp": {"pool": "commons-dbcp 1.4", "driver": driver}})
        write(self.root, "2026-12-07-1930-hikari-max-connections", options(["max-connections"], replicas=3),
              [run("max-connections", "hikari", figures(900.0, 0, 0.0, 0.0, 0.0, during=0, replicas=surge(
                  [10, 10, 10], [5, None], [10, 8, None], None, 20, [3, 0], answered=[10.0, None], exits={
                      "new-2": "2026-12-07T19:31:02.345Z ERROR 4242 --- [poolbench] [           main] "
                               "o.s.boot.SpringApplication               : Application run failed"})))])
        self.data = Data(self.root)

    def tearDown(self):
        self.scratch.cleanup()

    def test_postgres_table_has_postgres_runs_only_each_cell_from_its_runs(self):
        text = faults.postgres_table(self.data)
        rows = cells_of(text)
        self.assertEqual(2, len(rows), text)
        hikari = row(rows, pool="hikari", scenario="unreachable")
        self.assertEqual("2", hikari["runs"])
        self.assertEqual("4.5 [4.0 .. 5.0]", hikari["longest request s"])
        self.assertEqual("1 [0 .. 2]", hikari["errors after the return"])
        self.assertEqual("1.0 [0.5 .. 1.5]", hikari["back to 90 % s"])
        self.assertEqual("9 [8 .. 10]", hikari["connections opened"])
        self.assertEqual("0 lost", hikari["login_log rows"])
        dbcp2 = row(rows, pool="dbcp2", scenario="hang")
        self.assertEqual("1203", dbcp2["errors after the return"])
        self.assertEqual("2 lost", dbcp2["login_log rows"])
        self.assertIn("2026-12-07 10:00 UTC (hikari+dbcp2-postgres, CPUs 3 % busy before); "
                      "2026-12-07 11:00 UTC (hikari-postgres, CPUs 0 % busy before).", text)
        self.assertNotIn("idle-timeout", text)

    def test_mariadb_table_keeps_its_columns_and_takes_no_other_database(self):
        text = faults.table(self.data)
        rows = cells_of(text)
        self.assertEqual(["restart"], [r["scenario"] for r in rows], text)
        self.assertEqual("pool | scenario | runs | first error after s (fail fast) | longest request s | errors in the "
                         "fault | errors after the return | first login after the return s | back to 90 % s | "
                         "connections opened | login_log rows | /report exact", " | ".join(rows[0]))
        self.assertEqual(list(rows[0]), list(cells_of(faults.postgres_table(self.data))[0]))
        self.assertIn("Kept sittings: 2026-12-07 09:00 UTC (hikari, CPUs 0 % busy before).", text)
        self.assertIn("| hikari | - / - / 5.0 |", faults.scorecard(self.data))

    def test_idle_timeout_table_per_database_pool_and_settings(self):
        text = idle_timeout.table(self.data)
        rows = cells_of(text)
        self.assertEqual(4, len(rows), text)
        shipped = row(rows, database="PostgreSQL", pool="dbcp2, as shipped")
        self.assertEqual("idle 4 s, pause 10 s", shipped["idle timeout and pause"])
        self.assertEqual("17", shipped["errors after the pause"])
        self.assertEqual("0.0", shipped["first login after the pause s"])
        self.assertEqual("10", shipped["connections opened from the pause on"])
        self.assertEqual("0", row(rows, database="PostgreSQL", pool="dbcp2, recommended")["errors after the pause"])
        self.assertEqual("0", row(rows, database="PostgreSQL", pool="hikari, as shipped")[
            "connections opened from the pause on"])
        # The sessions the server closed: each run's record, the field or (recorded before it) the detail.
        closed = "sessions the server closed"
        self.assertEqual("2", row(rows, database="PostgreSQL", pool="hikari, as shipped")[closed])
        self.assertEqual("7", shipped[closed])
        self.assertEqual("not recorded", row(rows, database="PostgreSQL", pool="dbcp2, recommended")[closed])
        # MariaDB's runs are all shipped, PostgreSQL's not: one table names the settings on every row.
        mariadb = row(rows, database="MariaDB", pool="dbcp2, as shipped")
        self.assertEqual("40", mariadb["errors after the pause"])
        self.assertEqual("1.0", mariadb["first login after the pause s"])
        self.assertEqual("0.0", mariadb["longest request s"])
        self.assertEqual("9", mariadb[closed])
        self.assertIn("docs/data/faults/2026-12-07-1300-dbcp2-idle-timeout/runs/idle-timeout-dbcp2/fault-run.json",
                      self.data.read)
        self.assertIn("Left out, their fault not seen by the checks (logins decided while the load was paused): "
                      "idle-timeout/hikari (2026-12-07-1300-dbcp2-idle-timeout).", text)
        self.assertIn("PostgreSQL: kept sittings: 2026-12-07 12:00 UTC (hikari+dbcp2-idle-timeout-postgres", text)
        self.assertNotIn("2026-12-07 10:00", text)

    def test_max_connections_table_per_pool_and_settings_each_cell_from_its_runs(self):
        text = max_connections.table(self.data)
        rows = cells_of(text)
        self.assertEqual(["hikari, as shipped", "dbcp, recommended"], [r["pool"] for r in rows], text)
        hikari = row(rows, pool="hikari, as shipped")
        expected = {"replicas × pool size": "3 × 10", "max_connections": "33 [33 .. 33]", "runs": "2",
                    "every new replica serving, s after the update's start": "12.5, never 1x",
                    "new replicas' first answer, s after their start (new-1 ..)": "8 [6 .. 10] / 6, - 1x",
                    "replicas that exited": "new-2 (exit 1: `Application run failed`) in 1 of 2 runs",
                    "new replicas' probe errors": "2 [1 .. 3]",
                    "loaded replica's errors in the update / after": "0 [0 .. 0] / 0 [0 .. 0]",
                    "connections before (old-1 / old-2 ..)": "10 [10 .. 10] / 10 [10 .. 10] / 10 [10 .. 10]",
                    "in the surge (new-1 ..)": "4 [3 .. 5] / 3, - 1x",
                    "after (old-1 / new-1 ..)": "10 [10 .. 10] / 9 [8 .. 10] / 10, - 1x",
                    "connections refused": "17 [14 .. 20]", "login_log rows": "0 lost"}
        self.assertEqual(expected, {k: hikari[k] for k in expected})
        dbcp = row(rows, pool="dbcp, recommended")
        expected = {"runs": "1", "every new replica serving, s after the update's start": "never",
                    "replicas that exited": "new-1 (exit 1: `SQLNonTransientConnectionException: (conn=77) Too many "
                                            "connections`)",
                    "new replicas' probe errors": "0", "loaded replica's errors in the update / after": "5 / 1",
                    "connections before (old-1 / old-2 ..)": "10 / 10 / 10", "in the surge (new-1 ..)": "- / 2",
                    "after (old-1 / new-1 ..)": "10 / - / 10", "connections refused": "40", "login_log rows": "1 lost"}
        self.assertEqual(expected, {k: dbcp[k] for k in expected})
        self.assertIn("Sitting 2026-12-07 18:40 UTC: `./poolbench faults --scenarios max-connections --profiles "
                      "hikari,dbcp,tomcat --settings shipped,recommended` (CPUs 2 % busy before; releases HikariCP "
                      "7.1.0, commons-dbcp 1.4, mysql-connector-j 9.7.0).", text)
        self.assertIn("Sitting 2026-12-07 19:30 UTC: `command not kept` (CPUs 0 % busy before; releases not "
                      "recorded).", text)
        self.assertIn("Left out, the server having refused no connection: "
                      "max-connections/dbcp (2026-12-07-1840-hikari+dbcp+tomcat-max-connections).", text)
        self.assertIn("No figures (the run failed: its problems in faults.json): "
                      "tomcat, shipped (2026-12-07-1840-hikari+dbcp+tomcat-max-connections).", text)
        # The releases are environment.json's: read, so that the figure's label must name it.
        self.assertIn("docs/data/faults/2026-12-07-1840-hikari+dbcp+tomcat-max-connections/environment.json",
                      self.data.read)
        self.assertNotIn("max-connections", faults.table(self.data) + idle_timeout.table(self.data))

    def test_postgres_picture_is_its_own_file(self):
        link, pictures = faults.scorecard_picture(self.data, "postgres")
        self.assertIn("docs/images/faults-scorecard-postgres.svg", link)
        svg = pictures["docs/images/faults-scorecard-postgres.svg"]
        self.assertIn("When PostgreSQL goes away", svg)
        self.assertIn("./poolbench faults --database postgres", svg)
        self.assertIn(">dbcp2<", svg)
        self.assertEqual(["docs/images/faults-scorecard.svg"], list(faults.scorecard_picture(self.data)[1]))

    def test_nothing_kept_is_one_line_naming_the_command(self):
        with tempfile.TemporaryDirectory() as other:
            write(other, "2026-12-07-0900-hikari", options(["unreachable", "hang", "restart"]),
                  [run("restart", "hikari", figures(5000.0, 8, 4.7, 4.7, 8.0))])
            data = Data(other)
            for text in (faults.postgres_table(data), idle_timeout.table(data), max_connections.table(data),
                         faults.scorecard_picture(data, "postgres")[0]):
                self.assertEqual(1, text.count("\n"), text)
                self.assertIn("not measured yet. `docs/data/measure.sh ./poolbench faults ", text)
                self.assertIn("`python3 docs/data/keep.py faults RESULTS_DIR`", text)
            self.assertIn("--database postgres --profiles hikari,tomcat,dbcp,dbcp2 --scenarios unreachable,hang,restart",
                          faults.postgres_table(data))
            self.assertIn("--scenarios idle-timeout", idle_timeout.table(data))
            self.assertIn("--scenarios max-connections --profiles hikari,tomcat,dbcp,dbcp2 --settings "
                          "shipped,recommended", max_connections.table(data))
            self.assertEqual({}, faults.scorecard_picture(data, "postgres")[1])
            self.assertIn("docs/data/faults/2026-12-07-0900-hikari/faults.json", data.read)


class KeepFaultsTest(unittest.TestCase):

    def test_directory_names_scenarios_and_database_when_not_the_defaults(self):
        name = keep.fault_run_name
        self.assertEqual("hikari+dbcp2", name({}, options(["restart", "hang", "unreachable"])))
        self.assertEqual("hikari+dbcp2", name({}, options(["unreachable", "hang", "restart"], "mariadb")))
        self.assertEqual("hikari+dbcp2-postgres", name({}, options(["unreachable", "hang", "restart"], "postgres")))
        self.assertEqual("hikari+dbcp2-idle-timeout", name({}, options(["idle-timeout"], "mariadb")))
        self.assertEqual("hikari+dbcp2-idle-timeout+restart-postgres",
                         name({}, options(["idle-timeout", "restart"], "postgres")))
        runs = {"options": {"database": "postgres"}, "runs": [run("idle-timeout", "hikari", None)]}
        self.assertEqual("hikari-idle-timeout-postgres", name(runs, {}))

    def test_keep_copies_into_the_named_directory(self):
        with tempfile.TemporaryDirectory() as scratch:
            results = os.path.join(scratch, "results", "20261207-1530", "faults")
            os.makedirs(os.path.join(results, "runs", "idle-timeout-hikari"))
            opts = options(["idle-timeout"], "postgres", idleTimeoutSeconds=4)
            for file, content in (("faults.json", {"options": opts, "runs": []}), ("options.json", opts),
                                  ("environment.json", {"startedAt": "2026-12-07T15:31:02Z"}),
                                  ("runs/idle-timeout-hikari/fault-run.json", {"scenario": "idle-timeout"})):
                with open(os.path.join(results, file), "w") as f:
                    json.dump(content, f)
            here = keep.HERE
            keep.HERE = os.path.join(scratch, "kept")
            try:
                target = keep.keep_faults(results)
            finally:
                keep.HERE = here
            self.assertEqual(os.path.join(scratch, "kept", "faults", "2026-12-07-1531-hikari+dbcp2-idle-timeout-postgres"),
                             target)
            self.assertTrue(os.path.isfile(os.path.join(target, "runs", "idle-timeout-hikari", "fault-run.json")))
            self.assertTrue(os.path.isfile(os.path.join(target, "options.json")))


if __name__ == "__main__":
    unittest.main(verbosity=1)
