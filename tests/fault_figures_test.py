#!/usr/bin/env python3
"""The fault figures per database (docs/render/faults.py, idle_timeout.py) and keep.py's fault
directory names, on small synthetic faults.json files written here into a scratch repository (never
docs/data): each cell of the PostgreSQL and idle-timeout tables is compared with the value its runs
give (idle-timeout's sessions the server closed with each run's fault-run.json, the field or the detail
of a run recorded before it), MariaDB's table must not take another database's runs, and a figure of
nothing kept is the one line naming its command. python3 stdlib only, well under a second.

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
from render import faults, idle_timeout  # noqa: E402
from render.data import Data  # noqa: E402
import figures as figures_py  # noqa: E402

_spec = importlib.util.spec_from_file_location("keep", os.path.join(ROOT, "docs", "data", "keep.py"))
keep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(keep)


def figures(longest_ms, after, first_ok, recovery, opened, verdict="ok", seen=True, first_error=1.0):
    return {"errorsByStatus": {"503": 3}, "errorsDuringFault": 3, "errorsAfterReturn": after,
            "firstErrorSeconds": first_error, "longestRequestMillis": longest_ms, "firstSuccessSeconds": first_ok,
            "recoverySeconds": recovery, "connectionsOpened": opened, "peakPending": 0.0,
            "loginLog": {"rowsAdded": 100, "decided": 100, "noResponse": 0, "verdict": verdict},
            "reportExact": False, "valid": False, "decidedInsideFault": 0, "faultSeen": seen}


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


def write(root, name, opts, runs, cpu_busy=0):
    folder = os.path.join(root, "docs", "data", "faults", name)
    os.makedirs(folder)
    with open(os.path.join(folder, "faults.json"), "w") as f:
        json.dump({"schema": 1, "options": opts, "runs": runs}, f)
    with open(os.path.join(folder, "provenance.json"), "w") as f:
        json.dump({"cpuBusyPercentBefore": cpu_busy}, f)


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
            for text in (faults.postgres_table(data), idle_timeout.table(data),
                         faults.scorecard_picture(data, "postgres")[0]):
                self.assertEqual(1, text.count("\n"), text)
                self.assertIn("not measured yet. `docs/data/measure.sh ./poolbench faults ", text)
                self.assertIn("`python3 docs/data/keep.py faults RESULTS_DIR`", text)
            self.assertIn("--database postgres --profiles hikari,tomcat,dbcp,dbcp2 --scenarios unreachable,hang,restart",
                          faults.postgres_table(data))
            self.assertIn("--scenarios idle-timeout", idle_timeout.table(data))
            self.assertEqual({}, faults.scorecard_picture(data, "postgres")[1])
            self.assertIn("docs/data/faults/2026-12-07-0900-hikari/faults.json", data.read)


class LabelTest(unittest.TestCase):
    """figures.py's data label: a path ending in " if kept" (idle-timeout's run records) may match no file read."""

    def test_a_path_if_kept_may_match_nothing_an_unnamed_read_still_fails(self):
        label = "docs/data/faults/*/faults.json, docs/data/faults/*/runs/*/fault-run.json if kept"
        faults_json = "docs/data/faults/a/faults.json"
        record = "docs/data/faults/a/runs/idle-timeout-hikari/fault-run.json"
        self.assertEqual([], figures_py.label_problems("p.md", "f", label, {faults_json}))
        self.assertEqual([], figures_py.label_problems("p.md", "f", label, {faults_json, record}))
        self.assertEqual(1, len(figures_py.label_problems("p.md", "f", label.replace(" if kept", ""), {faults_json})))
        self.assertEqual(1, len(figures_py.label_problems("p.md", "f", "docs/data/faults/*/faults.json",
                                                          {faults_json, record})))


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
