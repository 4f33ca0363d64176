"""Production's incidents on the fleet (ansible/faults.yml, kept in docs/data/fleet-faults/): `idle-drop`, the
app's flows idle through the load's pause forgotten by conntrack on the db host and their later packets dropped
(no reset), and `demote`, the primary made read-only and left up while the replica is promoted and the app's
name moves to it, as shipped, recommended and with each pool's remedy (`evict-read-only`). The figures are the
runner's (faults.json `figures`); the flows forgotten and the packets dropped are the idle-drop run's own
record (runs/*/fault-run.json `faultDetail`, the only place poolbench-idle-drop's counts are kept), the
connections left on either primary the demote run's (its `failover`). Medians and ranges over the kept runs
are taken here, as for the other scenarios; faults.md's fleet table leaves both scenarios to these.
"""
import re

from . import faults
from .faults import FLEET_FAULTS, count, longest_seconds, profiles, row_label, rows_lost, sittings_line, spread

IDLE_DROP = "idle-drop"
DEMOTE = "demote"
PLAYBOOK = ("docs/data/measure.sh bash -c 'cd ansible && ansible-playbook -i inventories/fleet/hosts.yml faults.yml "
            "-e poolbench_profiles=hikari,tomcat,dbcp,dbcp2 -e poolbench_faults_check=true {}'")
IDLE_DROP_COMMAND = PLAYBOOK.format("-e poolbench_fault_scenarios=idle-drop "
                                    "-e poolbench_fault_settings=shipped,recommended")
# demote's settings: as shipped, recommended, and recommended with each pool's remedy (faults-production.md).
DEMOTE_SETTINGS = ("shipped", "recommended", "evict-read-only")
DEMOTE_COMMAND = PLAYBOOK.format("-e poolbench_fault_scenarios=demote -e poolbench_duration=50 "
                                 "-e poolbench_fault_settings={}")
# failover and demote need a replica of the db host: the fleet applied with it.
REPLICA_FLEET = "terraform -chdir=terraform/local apply -var db_replica=true"
# poolbench-idle-drop's watch and the release's counts, as tasks/fault-idle-drop.yml words them in faultDetail.
FORGOTTEN = re.compile(r"idle timeout (\d+) s: (\d+) of the (\d+) flows tracked at the pause's start forgotten")
DROPPED = re.compile(r"in the run (\d+) packets of forgotten flows dropped")


def records(data):
    """{(directory, scenario, profile, settings): fault-run.json} of every kept fleet run (each file counts as
    read, so a figure's label holds before its scenario has a run)."""
    out = {}
    for path in data.glob(f"{FLEET_FAULTS}/*/runs/*/fault-run.json"):
        record = data.json(path)
        out[(path.split("/")[-4], record.get("scenario"), record.get("profile"),
             record.get("settings", "shipped"))] = record
    return out


def from_detail(record, pattern, group):
    """A count in the run's faultDetail; None when the record or the count is missing (not recorded)."""
    found = pattern.search((record or {}).get("faultDetail") or "")
    return int(found.group(group)) if found else None


def pause_label(record, options):
    """The flows' idle timeout the run applied (its faultDetail) and the load's pause: what decides what it shows."""
    timeout = from_detail(record, FORGOTTEN, 1)
    return f"idle {'?' if timeout is None else timeout} s, pause {options['faultSeconds']} s"


def runs(data, scenario):
    """({(who, label): [(figures, fault-run.json or {})]} of the kept runs of the scenario whose fault the checks
    saw, ['profile, settings (directory)' of those without figures: failed])."""
    recorded = records(data)
    found, failed = {}, []
    for name, kept, _ in faults.kept(data, FLEET_FAULTS):
        for run in kept["runs"]:
            if run["scenario"] != scenario or not faults.seen(run):
                continue
            who = (run["profile"], run.get("settings", "shipped"))
            if not run.get("figures"):
                failed.append(f"{who[0]}, {who[1]} ({name})")
                continue
            record = recorded.get((name, scenario) + who, {})
            label = pause_label(record, kept["options"]) if scenario == IDLE_DROP else scenario
            found.setdefault((who, label), []).append((run["figures"], record))
    return found, failed


def notes(data, scenario, failed, away):
    """The kept sittings, the runs left out (their fault not seen) and those that failed."""
    text = sittings_line(data, FLEET_FAULTS, (scenario,), "mariadb", away=away)
    if failed:
        text += f"\nNo figures (the run failed: its problems in faults.json): {', '.join(failed)}.\n"
    return text


def idle_drop_table(data):
    """A line per pool, settings and timeout: what the pool did when the load came back to forgotten flows."""
    found, failed = runs(data, IDLE_DROP)
    if not found:
        return faults.not_measured("idle-drop on the fleet", IDLE_DROP_COMMAND)
    rows = ["| pool | idle timeout and pause | runs | errors after the pause | first login after the pause s "
            "| back to 90 % s | longest request of the run s | flows forgotten in the pause / tracked at its start "
            "| packets of forgotten flows dropped | connections opened from the pause on | login_log rows |",
            "|---|---|---:|---|---|---|---|---|---|---|---|"]
    for who in profiles(found):
        for label in sorted({label for w, label in found if w == who},
                            key=lambda label: [int(n) for n in re.findall(r"\d+", label)]):
            figs = [f for f, _ in found[(who, label)]]
            kept = [record for _, record in found[(who, label)]]
            rows.append(f"| {row_label(who, found)} | {label} | {len(figs)} "
                        f"| {spread([f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                        f"| {spread([f.get('firstSuccessSeconds') for f in figs], none='none')} "
                        f"| {spread([f.get('recoverySeconds') for f in figs], none='never')} "
                        f"| {spread(longest_seconds(figs))} "
                        f"| {spread([from_detail(r, FORGOTTEN, 2) for r in kept], '{:.0f}', none='not recorded')} "
                        f"/ {spread([from_detail(r, FORGOTTEN, 3) for r in kept], '{:.0f}', none='not recorded')} "
                        f"| {spread([from_detail(r, DROPPED, 1) for r in kept], '{:.0f}', none='not recorded')} "
                        f"| {spread([f.get('connectionsOpened') for f in figs], '{:.0f}')} | {rows_lost(figs)} |")
    return "\n".join(rows) + "\n\n" + notes(data, IDLE_DROP, failed, "the load was paused")


def demote_table(data):
    """A line per pool and settings: whether and how soon the pool left the read-only old primary."""
    found, failed = runs(data, DEMOTE)
    if not found:
        return faults.not_measured("demote on the fleet", DEMOTE_COMMAND.format(",".join(DEMOTE_SETTINGS)))
    rows = ["| pool | runs | errors while the old primary was read-only | errors after the name moved "
            "| first login after the name moved s | back to 90 % s | connections opened from the demotion on "
            "| connections to the old primary after the run | to the new primary | login_log rows |",
            "|---|---:|---|---|---|---|---|---|---|---|"]
    for who in profiles(found):
        figs = [f for f, _ in found[(who, DEMOTE)]]
        held = [record.get("failover") or {} for _, record in found[(who, DEMOTE)]]
        old, new = ([count(h.get(key)) for h in held]
                    for key in ("appConnectionsToOldPrimary", "appConnectionsToNewPrimary"))
        rows.append(f"| {row_label(who, found)} | {len(figs)} "
                    f"| {spread([f['errorsDuringFault'] for f in figs], '{:.0f}')} "
                    f"| {spread([f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                    f"| {spread([f.get('firstSuccessSeconds') for f in figs], none='none')} "
                    f"| {spread([f.get('recoverySeconds') for f in figs], none='never')} "
                    f"| {spread([f.get('connectionsOpened') for f in figs], '{:.0f}')} "
                    f"| {spread(old, '{:.0f}', none='not counted')} | {spread(new, '{:.0f}', none='not counted')} "
                    f"| {rows_lost(figs)} |")
    missing = [s for s in DEMOTE_SETTINGS if not any(w[1] == s for w, _ in found)]
    todo = (f"\nNot measured yet: {', '.join(f'`{s}`' for s in missing)} (on a fleet of `{REPLICA_FLEET}`: "
            f"`{DEMOTE_COMMAND.format(','.join(missing))}`, then `python3 docs/data/keep.py faults RESULTS_DIR`).\n"
            if missing else "")
    return "\n".join(rows) + "\n\n" + notes(data, DEMOTE, failed, "the old primary was read-only") + todo
