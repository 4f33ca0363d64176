#!/usr/bin/env python3
"""The fleet's production figures (docs/render/fleet_production.py: idle-drop, and demote as shipped, recommended
and evict-read-only) and what faults.md's fleet table leaves to them, on small synthetic faults.yml runs written
here into a scratch repository's docs/data/fleet-faults (never the real one), with tests/fault_figures_test.py's
helpers: each cell is compared with the value its runs give (the flows forgotten and the packets dropped from
each run's fault-run.json faultDetail, the connections left on either primary from its `failover`), the values
chosen so that two columns swapped differ somewhere. python3 stdlib only, well under a second.

usage: python3 tests/fleet_fault_figures_test.py
"""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fault_figures_test import cells_of, figures, options, row, run, surge  # noqa: E402
from render import faults, fleet_production, max_connections, production_brief  # noqa: E402  (fault_figures_test put docs/ on the path)
from render.data import Data  # noqa: E402

FLEET = os.path.join("docs", "data", "fleet-faults")


def write_fleet(root, name, opts, runs, cpu_busy=0, releases=None):
    """A kept faults.yml directory: faults.json and provenance.json; with releases, environment.json."""
    folder = os.path.join(root, FLEET, name)
    os.makedirs(folder)
    with open(os.path.join(folder, "faults.json"), "w") as f:
        json.dump({"schema": 1, "options": opts, "runs": runs}, f)
    with open(os.path.join(folder, "provenance.json"), "w") as f:
        json.dump({"cpuBusyPercentBefore": cpu_busy}, f)
    if releases:
        with open(os.path.join(folder, "environment.json"), "w") as f:
            json.dump({"releases": releases}, f)


def write_fleet_record(root, name, scenario, profile, settings, detail=None, failover=None):
    """A run's fault-run.json as faults.yml writes it (tasks/fault-record.yml): its detail and a failover's counts."""
    folder = os.path.join(root, FLEET, name, "runs", f"{scenario}-{profile}-{settings}")
    os.makedirs(folder)
    with open(os.path.join(folder, "fault-run.json"), "w") as f:
        json.dump({"schema": 1, "scenario": scenario, "profile": profile, "settings": settings,
                   "faultDetail": detail, "failover": failover}, f)


def dropped(forgotten, tracked, packets):
    """idle-drop's faultDetail: the watch's words, then the release's (tasks/fault-idle-drop.yml)."""
    return (f"idle timeout 4 s: {forgotten} of the {tracked} flows tracked at the pause's start forgotten by its end "
            f"(1 flows at its end); in the run {packets} packets of forgotten flows dropped ({packets - 2} from the "
            f"app, 2 to it), the timeout given 30 times (new flows, and before the pause forgotten ones taken up "
            f"again); after it the database's sockets of {forgotten} forgotten flows destroyed, 0 left")


def held(old, new):
    return {"oldPrimary": "poolbench-db", "newPrimary": "poolbench-db-2", "appConnectionsToOldPrimary": old,
            "appConnectionsToNewPrimary": new, "transactionsNotReplicated": 0}


class FleetProductionTest(unittest.TestCase):

    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.root = self.scratch.name
        idle = options(["idle-drop"], "mariadb")
        # idle-drop: hikari as shipped in two sittings (a median of two); its recommended run's record has only the
        # watch's part (the release's counts missing); dbcp2 recommended kept no record; dbcp2 as shipped saw
        # logins in the pause (left out); tomcat's run failed.
        first, second = "2026-12-07-2200-hikari+dbcp2-idle-drop", "2026-12-07-2230-hikari-idle-drop"
        write_fleet(self.root, first, idle, [
            run("idle-drop", "hikari", dict(figures(3000.0, 5, 2.0, 3.0, 6.0, first_error=None, during=0),
                                            reportExact=True)),
            run("idle-drop", "hikari", figures(1500.0, 0, 0.1, 0.4, 11.0, first_error=None, during=0),
                "recommended"),
            run("idle-drop", "dbcp2", figures(200.0, 0, 0.0, 0.0, 0.0, seen=False)),
            run("idle-drop", "dbcp2", figures(800.0, 13, 0.3, 0.6, 15.0, "LOST 2", first_error=None, during=0),
                "recommended"),
            run("idle-drop", "tomcat", None)], cpu_busy=1)
        write_fleet_record(self.root, first, "idle-drop", "hikari", "shipped", dropped(8, 12, 37))
        write_fleet_record(self.root, first, "idle-drop", "hikari", "recommended",
                           "idle timeout 4 s: 3 of the 9 flows tracked at the pause's start forgotten by its end "
                           "(6 flows at its end)")
        write_fleet(self.root, second, options(["idle-drop"], "mariadb"), [
            run("idle-drop", "hikari", figures(5000.0, 9, 4.0, 6.0, 12.0, "LOST 1", first_error=None, during=0))])
        write_fleet_record(self.root, second, "idle-drop", "hikari", "shipped", dropped(6, 12, 41))
        # demote: as shipped (the first sitting), recommended and evict-read-only (dbcp2's in two sittings).
        old, new, later = ("2026-11-30-0242-hikari+dbcp2", "2026-12-07-2300-hikari+dbcp2-demote",
                           "2026-12-07-2330-dbcp2-demote")
        demote = options(["demote"], "mariadb", durationSeconds=50)
        write_fleet(self.root, old, demote, [
            run("demote", "hikari", figures(256.0, 1803, None, None, 0.0, during=356)),
            run("demote", "dbcp2", figures(300.0, 1695, None, None, 1.0, during=325))])
        write_fleet_record(self.root, old, "demote", "hikari", "shipped", failover=held(10, 0))
        write_fleet_record(self.root, old, "demote", "dbcp2", "shipped", failover=held("10", "None"))
        write_fleet(self.root, new, demote, [
            run("demote", "hikari", figures(270.0, 1822, None, None, 2.0, during=310), "recommended"),
            run("demote", "hikari", figures(5000.0, 3, 0.7, 1.9, 14.0, during=41), "evict-read-only"),
            run("demote", "dbcp2", figures(400.0, 7, 1.1, 2.5, 20.0, during=52), "evict-read-only")])
        write_fleet_record(self.root, new, "demote", "hikari", "recommended", failover=held(9, 1))
        write_fleet_record(self.root, new, "demote", "hikari", "evict-read-only", failover=held(0, 8))
        write_fleet_record(self.root, new, "demote", "dbcp2", "evict-read-only", failover=held(0, 10))
        write_fleet(self.root, later, demote, [
            run("demote", "dbcp2", figures(600.0, 11, 1.5, 3.5, 24.0, during=60), "evict-read-only")])
        write_fleet_record(self.root, later, "demote", "dbcp2", "evict-read-only", failover=held(2, 8))
        # A failover, which faults.md's fleet table keeps.
        write_fleet(self.root, "2026-11-29-2140-hikari", options(["failover"], "mariadb"),
                    [run("failover", "hikari", figures(5000.0, 24, 19.5, 19.5, 8.0, during=23))])
        write_fleet_record(self.root, "2026-11-29-2140-hikari", "failover", "hikari", "shipped", failover=held("0", 8))
        self.data = Data(self.root)

    def tearDown(self):
        self.scratch.cleanup()

    def test_idle_drop_each_cell_from_its_runs_and_their_records(self):
        text = fleet_production.idle_drop_table(self.data)
        rows = cells_of(text)
        self.assertEqual(["hikari, as shipped", "hikari, recommended", "dbcp2, recommended"],
                         [r["pool"] for r in rows], text)
        forgotten = "flows forgotten in the pause / tracked at its start"
        expected = {"idle timeout and pause": "idle 4 s, pause 10 s", "runs": "2",
                    "errors after the pause": "7 [5 .. 9]", "first login after the pause s": "3.0 [2.0 .. 4.0]",
                    "back to 90 % s": "4.5 [3.0 .. 6.0]",
                    "longest request of the run s": "4.0 [3.0 .. 5.0]", forgotten: "7 [6 .. 8] / 12 [12 .. 12]",
                    "packets of forgotten flows dropped": "39 [37 .. 41]",
                    "connections opened from the pause on": "9 [6 .. 12]", "login_log rows": "1 lost"}
        self.assertEqual(expected, {k: row(rows, pool="hikari, as shipped")[k] for k in expected})
        # The watch's counts without the release's: the packets not recorded.
        expected = {"idle timeout and pause": "idle 4 s, pause 10 s", "runs": "1", "errors after the pause": "0",
                    "first login after the pause s": "0.1", "back to 90 % s": "0.4",
                    "longest request of the run s": "1.5", forgotten: "3 / 9",
                    "packets of forgotten flows dropped": "not recorded",
                    "connections opened from the pause on": "11", "login_log rows": "0 lost"}
        self.assertEqual(expected, {k: row(rows, pool="hikari, recommended")[k] for k in expected})
        # No record: the timeout unknown, said so rather than guessed.
        expected = {"idle timeout and pause": "idle ? s, pause 10 s", "errors after the pause": "13",
                    "first login after the pause s": "0.3", "back to 90 % s": "0.6",
                    "longest request of the run s": "0.8", forgotten: "not recorded / not recorded",
                    "packets of forgotten flows dropped": "not recorded",
                    "connections opened from the pause on": "15", "login_log rows": "2 lost"}
        self.assertEqual(expected, {k: row(rows, pool="dbcp2, recommended")[k] for k in expected})
        self.assertIn("Kept sittings: 2026-12-07 22:00 UTC (hikari+dbcp2-idle-drop, CPUs 1 % busy before); "
                      "2026-12-07 22:30 UTC (hikari-idle-drop, CPUs 0 % busy before).", text)
        self.assertIn("Left out, their fault not seen by the checks (logins decided while the load was paused): "
                      "idle-drop/dbcp2 (2026-12-07-2200-hikari+dbcp2-idle-drop).", text)
        self.assertIn("No figures (the run failed: its problems in faults.json): "
                      "tomcat, shipped (2026-12-07-2200-hikari+dbcp2-idle-drop).", text)
        self.assertIn(f"{FLEET}/2026-12-07-2230-hikari-idle-drop/runs/idle-drop-hikari-shipped/fault-run.json",
                      self.data.read)
        self.assertNotIn("demote", text)

    def test_demote_compares_shipped_recommended_and_evict_read_only(self):
        text = fleet_production.demote_table(self.data)
        rows = cells_of(text)
        self.assertEqual(["hikari, as shipped", "hikari, recommended", "hikari, evict-read-only", "dbcp2, as shipped",
                          "dbcp2, evict-read-only"], [r["pool"] for r in rows], text)
        columns = ("runs", "errors while the old primary was read-only", "errors after the name moved",
                   "first login after the name moved s", "back to 90 % s", "connections opened from the demotion on",
                   "connections to the old primary after the run", "to the new primary", "login_log rows")
        expected = {"hikari, as shipped": ("1", "356", "1803", "none", "never", "0", "10", "0", "0 lost"),
                    "hikari, recommended": ("1", "310", "1822", "none", "never", "2", "9", "1", "0 lost"),
                    "hikari, evict-read-only": ("1", "41", "3", "0.7", "1.9", "14", "0", "8", "0 lost"),
                    # faults.yml's record may hold a count as text, or "None" when it was not counted.
                    "dbcp2, as shipped": ("1", "325", "1695", "none", "never", "1", "10", "not counted", "0 lost"),
                    "dbcp2, evict-read-only": ("2", "56 [52 .. 60]", "9 [7 .. 11]", "1.3 [1.1 .. 1.5]",
                                               "3.0 [2.5 .. 3.5]", "22 [20 .. 24]", "1 [0 .. 2]", "9 [8 .. 10]",
                                               "0 lost")}
        self.assertEqual(expected, {r["pool"]: tuple(r[c] for c in columns) for r in rows})
        self.assertIn("Kept sittings: 2026-11-30 02:42 UTC (hikari+dbcp2, CPUs 0 % busy before); 2026-12-07 23:00 "
                      "UTC (hikari+dbcp2-demote, CPUs 0 % busy before); 2026-12-07 23:30 UTC (dbcp2-demote, CPUs 0 % "
                      "busy before).", text)
        self.assertNotIn("idle-drop", text)
        self.assertNotIn("Not measured yet", text)

    def test_demote_names_the_settings_not_measured_yet(self):
        with tempfile.TemporaryDirectory() as other:
            write_fleet(other, "2026-11-30-0242-hikari", options(["demote"], "mariadb"),
                        [run("demote", "hikari", figures(256.0, 1803, None, None, 0.0, during=356))])
            text = fleet_production.demote_table(Data(other))
            self.assertEqual(["hikari"], [r["pool"] for r in cells_of(text)], text)
            self.assertEqual("not counted", cells_of(text)[0]["connections to the old primary after the run"])
            self.assertIn("\n\nNot measured yet: `recommended`, `evict-read-only` (on a fleet of `terraform "
                          "-chdir=terraform/local apply -var db_replica=true`: `docs/data/measure.sh bash -c 'cd "
                          "ansible && ansible-playbook -i inventories/fleet/hosts.yml faults.yml -e "
                          "poolbench_profiles=hikari,tomcat,dbcp,dbcp2 -e poolbench_faults_check=true -e "
                          "poolbench_fault_scenarios=demote -e poolbench_duration=50 -e "
                          "poolbench_fault_settings=recommended,evict-read-only'`, then "
                          "`python3 docs/data/keep.py faults RESULTS_DIR`).\n", text)

    def test_max_connections_on_hosts_is_its_own_table(self):
        # On hosts MariaDB admits one fewer (the app's user is not privileged): 32, not 33.
        write_fleet(self.root, "2026-12-08-0200-hikari+dbcp2-max-connections", options(["max-connections"], replicas=3),
                    [run("max-connections", "hikari", figures(900.0, 0, 0.0, 0.0, 0.0, during=0, replicas=surge(
                        [10, 10, 10], [2, 2], [10, 9, 10], 14.5, 31, [1, 3], max_connections=32,
                        answered=[31.8, 62.8]))),
                     run("max-connections", "dbcp2", figures(900.0, 2, 0.0, 0.0, 0.0, during=1, replicas=surge(
                         [10, 10, 10], [0, 0], [10, 10, 10], 33.0, 90, [80, 70], max_connections=32)),
                         "recommended")], cpu_busy=4,
                    releases={"hikari": {"pool": "HikariCP 7.1.0", "driver": "mysql-connector-j 26.10.0"}})
        text = max_connections.fleet_table(Data(self.root))
        rows = cells_of(text)
        self.assertEqual(["hikari, as shipped", "dbcp2, recommended"], [r["pool"] for r in rows], text)
        columns = ("max_connections", "runs", "every new replica serving, s after the update's start",
                   "new replicas' first answer, s after their start (new-1 ..)", "new replicas' probe errors",
                   "loaded replica's errors in the update / after",
                   "in the surge (new-1 ..)", "after (old-1 / new-1 ..)", "connections refused")
        self.assertEqual({"hikari, as shipped": ("32", "1", "14.5", "32 / 63", "4", "0 / 0", "2 / 2", "10 / 9 / 10",
                                                 "31"),
                          "dbcp2, recommended": ("32", "1", "33.0", "6 / 6", "150", "1 / 2", "0 / 0", "10 / 10 / 10",
                                                 "90")},
                         {r["pool"]: tuple(r[c] for c in columns) for r in rows})
        self.assertIn("Sitting 2026-12-08 02:00 UTC: `command not kept` (CPUs 4 % busy before; releases HikariCP "
                      "7.1.0, mysql-connector-j 26.10.0).", text)
        # The local table takes none of the fleet's runs, and the fleet's none of the local ones.
        self.assertIn("max-connections: not measured yet. `docs/data/measure.sh ./poolbench faults",
                      max_connections.table(Data(self.root)))
        self.assertNotIn("2026-12-08", fleet_production.idle_drop_table(Data(self.root)))

    def test_brief_sums_up_each_incident_per_pool_and_settings(self):
        # A second hikari recommended idle-drop sitting that never came back: "never back in 1 of 2".
        write_fleet(self.root, "2026-12-08-0100-hikari-idle-drop", options(["idle-drop"], "mariadb"), [
            run("idle-drop", "hikari", figures(9000.0, 30, None, None, 2.0, first_error=None, during=0),
                "recommended")])
        write_fleet_record(self.root, "2026-12-08-0100-hikari-idle-drop", "idle-drop", "hikari", "recommended",
                           "idle timeout 4 s: 5 of the 9 flows tracked at the pause's start forgotten by its end "
                           "(4 flows at its end)")
        rows = cells_of(production_brief.brief(Data(self.root)))
        idle, demote = ("the network forgets idle flows (idle-drop, fleet): idle 4 s, pause 10 s",
                        "an old primary left up read-only (demote, fleet)")
        by_pool = {r["pool"]: (r[idle], r[demote]) for r in rows}
        self.assertEqual({
            "hikari, as shipped": ("7 errors, back in 4.5 s, /report failed in 1 of 2 (2 runs)",
                                   "stays on the read-only one (1 run)"),
            "hikari, recommended": ("15 errors, back in 0.4 s, never back in 1 of 2, /report failed in 2 of 2 (2 runs)",
                                    "stays on the read-only one (1 run)"),
            "hikari, evict-read-only": ("-", "leaves it, a login 0.7 s after the name moved (1 run)"),
            "dbcp2, as shipped": ("-", "stays on the read-only one (1 run)"),
            "dbcp2, recommended": ("-", "-"),
            "dbcp2, evict-read-only": ("-", "leaves it, a login 1.3 s after the name moved (2 runs)")}, by_pool)
        # An idle-drop timeout of its own gets a column of its own; no local run kept here: no local column.
        headings = list(rows[0])
        self.assertEqual(["pool", idle, "the network forgets idle flows (idle-drop, fleet): idle ? s, pause 10 s",
                          demote], headings)
        self.assertEqual("13 errors, back in 0.6 s, /report failed in 1 of 1 (1 run)", row(rows, pool="dbcp2, recommended")[headings[2]])
        self.assertEqual("-", row(rows, pool="hikari, as shipped")[headings[2]])

    def test_faults_md_fleet_table_leaves_demote_and_idle_drop_to_faults_production(self):
        rows = cells_of(faults.fleet_table(self.data))
        self.assertEqual([("hikari", "failover")], [(r["pool"], r["scenario"]) for r in rows])
        self.assertEqual("0", rows[0]["connections to the old primary after a failover"])

    def test_nothing_kept_is_one_line_naming_the_playbook(self):
        with tempfile.TemporaryDirectory() as other:
            write_fleet(other, "2026-11-29-2140-hikari", options(["failover"], "mariadb"),
                        [run("failover", "hikari", figures(5000.0, 24, 19.5, 19.5, 8.0))])
            write_fleet_record(other, "2026-11-29-2140-hikari", "failover", "hikari", "shipped", failover=held(0, 8))
            data = Data(other)
            for scenario, text in (("idle-drop", fleet_production.idle_drop_table(data)),
                                   ("demote", fleet_production.demote_table(data)),
                                   ("max-connections", max_connections.fleet_table(data))):
                self.assertEqual(1, text.count("\n"), text)
                self.assertTrue(text.startswith(f"{scenario} on the fleet: not measured yet. `docs/data/measure.sh "
                                                "bash -c 'cd ansible && ansible-playbook -i inventories/fleet/"
                                                "hosts.yml faults.yml "), text)
                self.assertIn(f"-e poolbench_fault_scenarios={scenario} ", text)
                self.assertIn("`python3 docs/data/keep.py faults RESULTS_DIR`", text)
            # Read before any run of theirs, so that the figures' labels hold.
            self.assertIn(f"{FLEET}/2026-11-29-2140-hikari/runs/failover-hikari-shipped/fault-run.json", data.read)


if __name__ == "__main__":
    unittest.main(verbosity=1)
