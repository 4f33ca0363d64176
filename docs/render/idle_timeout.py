"""When the server closes idle connections: the kept `idle-timeout` runs (`./poolbench faults --scenarios
idle-timeout [--database postgres]`, in docs/data/faults/ beside the other scenarios). The load pauses
longer than the server's idle session timeout; per database, pool and settings, what the pool does
when the load comes back: the errors after the pause, the first good login, the sessions the
server closed and the connections the pool opened (the closed ones replaced). The figures are the
runner's (faults.json `figures`, the pause being the fault's window; the sessions closed are each
run's own record, runs/*/fault-run.json); medians and ranges are taken here, as for the other scenarios.
"""
import re

from . import faults
from .faults import DATABASES, FAULTS, longest_seconds, profiles, row_label, rows_lost, sittings_line, spread

SCENARIO = "idle-timeout"
COMMAND = ("docs/data/measure.sh ./poolbench faults --scenarios idle-timeout --settings shipped,recommended "
           "[--database postgres]")


def pause_label(options):
    """The server's timeout and the load's pause, which decide what a run shows (a run kept before
    --idle-timeout was recorded says so rather than guess the default)."""
    timeout = options.get("idleTimeoutSeconds")
    return f"idle {'?' if timeout is None else timeout} s, pause {options['faultSeconds']} s"


# IdleTimeoutFault's detail: the count's only record in runs taken before fault-run.json had serverClosedSessions.
CLOSED_IN_DETAIL = re.compile(r"the server closed (\d+) of the \d+ sessions")


def records(data, name):
    """{(scenario, profile, session, settings): fault-run.json} of a kept directory's runs (one run of each in a
    sitting); none when the directory kept no run's record."""
    out = {}
    for path in data.glob(f"{FAULTS}/{name}/runs/*/fault-run.json"):
        record = data.json(path)
        out[(record.get("scenario"), record.get("profile"), record.get("session", "memory"),
             record.get("settings", "shipped"))] = record
    return out


def server_closed(record):
    """The app's sessions the server closed in the pause, as the run recorded them; None when not recorded."""
    if record is None:
        return None
    if record.get("serverClosedSessions") is not None:
        return record["serverClosedSessions"]
    found = CLOSED_IN_DETAIL.search(record.get("faultDetail") or "")
    return int(found.group(1)) if found else None


def cells(data, database):
    """{((profile, settings), 'idle 4 s, pause 10 s'): [(figures, sessions the server closed)]} over the
    database's kept idle-timeout runs."""
    out = {}
    for name, kept_faults, _ in faults.kept(data, FAULTS, database):
        runs = [run for run in kept_faults["runs"] if run["scenario"] == SCENARIO
                and run.get("session", "memory") == "memory" and faults.seen(run)]
        recorded = records(data, name) if runs else {}
        for run in runs:
            who = (run["profile"], run.get("settings", "shipped"))
            closed = server_closed(recorded.get((SCENARIO, who[0], "memory", who[1])))
            out.setdefault((who, pause_label(kept_faults["options"])), []).append((run.get("figures"), closed))
    return out


def table(data):
    """A line per database, pool, settings and timeout: median [range] over the kept runs."""
    rows = ["| database | pool | idle timeout and pause | runs | errors after the pause "
            "| first login after the pause s | back to 90 % s | sessions the server closed "
            "| connections opened from the pause on | longest request s | login_log rows |",
            "|---|---|---|---:|---|---|---|---|---|---|---|"]
    notes = []
    per_database = {database: cells(data, database) for database in DATABASES}
    # One table: a pool's settings are named on every database's rows once any run is not shipped.
    every = {cell: figs for found in per_database.values() for cell, figs in found.items()}
    for database, name in DATABASES.items():
        found = per_database[database]
        for who in profiles(found):
            for pause in sorted({p for w, p in found if w == who}):
                measured = [(f, closed) for f, closed in found[(who, pause)] if f]
                if not measured:
                    continue
                figs = [f for f, _ in measured]
                rows.append(f"| {name} | {row_label(who, every)} | {pause} | {len(figs)} "
                            f"| {spread([f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                            f"| {spread([f.get('firstSuccessSeconds') for f in figs], none='none')} "
                            f"| {spread([f.get('recoverySeconds') for f in figs], none='never')} "
                            f"| {spread([closed for _, closed in measured], '{:.0f}', none='not recorded')} "
                            f"| {spread([f.get('connectionsOpened') for f in figs], '{:.0f}')} "
                            f"| {spread(longest_seconds(figs))} | {rows_lost(figs)} |")
        if found:
            notes.append(f"{name}: " + sittings_line(data, FAULTS, (SCENARIO,), database, away="the load was paused").replace(
                "Kept sittings", "kept sittings", 1))
    if len(rows) == 2:
        return faults.not_measured("idle-timeout", COMMAND)
    return "\n".join(rows) + "\n\n" + "\n".join(notes)
