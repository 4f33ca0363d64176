"""Production's incidents at a glance: a line per pool and settings, a column per incident, each cell the gist of
the kept runs that faults-production.md's tables give in full (the same cells: idle_timeout, fleet_production,
max_connections), so that a user sees which incidents hurt a pool as shipped and whether its recommended settings
(or a named remedy) mend it. A cell's count of runs is the kept runs it summarizes; a median is taken when there
are several, "of n" says in how many runs a pool never came back (or, after an idle gap, the load's /report failed).
"""
from . import fleet_production, idle_timeout, max_connections
from .faults import FLEET_FAULTS, median, profiles, row_label

MARIADB, POSTGRES = "mariadb", "postgres"


def runs_word(n):
    return f"{n} run" if n == 1 else f"{n} runs"


def errors_word(errors):
    errors = round(errors)
    return "no error" if errors == 0 else f"{errors} error" if errors == 1 else f"{errors} errors"


def after_pause(figs):
    """idle-timeout, idle-drop: the errors after the load came back, whether (and when) it was back, and in how
    many runs the load's closing /report check failed."""
    never = sum(1 for f in figs if f.get("recoverySeconds") is None)
    errors = errors_word(median([f["errorsAfterReturn"] for f in figs]))
    if never == len(figs):
        return f"never back, {errors} ({runs_word(len(figs))})"
    back = f"back in {median([f.get('recoverySeconds') for f in figs]):.1f} s"
    missing = f", never back in {never} of {len(figs)}" if never else ""
    # Back without an error can still leave the load's closing /report check failing (HikariCP after a second idle
    # gap on the fleet: a 503), so a cell says so; for a pool never back it says nothing new.
    failed = sum(1 for f in figs if not f.get("reportExact"))
    report = f", /report failed in {failed} of {len(figs)}" if failed else ""
    return f"{errors}, {back}{missing}{report} ({runs_word(len(figs))})"


def left_old_primary(figs):
    """demote: whether a login succeeded after the name moved to the new primary, and when."""
    left = [f.get("firstSuccessSeconds") for f in figs if f.get("firstSuccessSeconds") is not None]
    if not left:
        return f"stays on the read-only one ({runs_word(len(figs))})"
    stayed = f", stayed in {len(figs) - len(left)} of {len(figs)}" if len(left) < len(figs) else ""
    return f"leaves it, a login {median(left):.1f} s after the name moved{stayed} ({runs_word(len(figs))})"


def every_replica(figs):
    """max-connections: when every new replica served, and how many replicas exited."""
    surges = [f["replicas"] for f in figs]
    exited = median([sum(1 for r in s.get("replicaFigures", []) if "exitStatus" in r) for s in surges])
    serving = median([s.get("everyReplicaServesSeconds") for s in surges])
    never = sum(1 for s in surges if s.get("everyReplicaServesSeconds") is None)
    words = "not every replica served" if serving is None else f"every replica serving at {serving:.0f} s"
    if never and serving is not None:
        words += f", not in {never} of {len(surges)}"
    if exited:
        words += f", {exited:.0f} exited"
    return f"{words} ({runs_word(len(figs))})"


def idle_timeout_cells(database):
    def found(data):
        return {key: [f for f, _ in runs if f] for key, runs in idle_timeout.cells(data, database).items()}
    return found


def fleet_cells(scenario):
    def found(data):
        return {key: [f for f, _ in runs] for key, runs in fleet_production.runs(data, scenario)[0].items()}
    return found


# A column: its heading, how its cells are found ({(who, label): [figures]}) and how a cell is worded.
COLUMNS = (
    ("MariaDB closes idle sessions (idle-timeout)", idle_timeout_cells(MARIADB), after_pause),
    ("PostgreSQL closes idle sessions (idle-timeout)", idle_timeout_cells(POSTGRES), after_pause),
    ("the network forgets idle flows (idle-drop, fleet)", fleet_cells(fleet_production.IDLE_DROP), after_pause),
    ("an old primary left up read-only (demote, fleet)", fleet_cells(fleet_production.DEMOTE), left_old_primary),
    ("a rolling update past max_connections (local)", max_connections.cells, every_replica),
    ("the same on hosts (fleet)", lambda data: max_connections.cells(data, FLEET_FAULTS), every_replica),
)


def brief(data):
    """The table: a column per incident with a kept run (an incident with several labels, as idle-drop's
    timeouts, one column per label); a row per pool and settings with any."""
    columns = []
    for heading, find, word in COLUMNS:
        found = find(data)
        for label in sorted({label for _, label in found}, key=lambda l: [int(n) for n in l.split() if n.isdigit()]):
            cells = {who: [f for f in figs if f] for (who, l), figs in found.items() if l == label}
            named = heading if len({l for _, l in found}) == 1 else f"{heading}: {label}"
            columns.append((named, {who: word(figs) for who, figs in cells.items() if figs}))
    if not columns:
        return "Production's incidents: not measured yet (faults-production.md says how).\n"
    every = {(who, None): None for _, cells in columns for who in cells}
    rows = ["| pool | " + " | ".join(named for named, _ in columns) + " |",
            "|---|" + "---|" * len(columns)]
    for who in profiles(every):
        rows.append(f"| {row_label(who, every)} | " + " | ".join(cells.get(who, "-") for _, cells in columns) + " |")
    return "\n".join(rows) + "\n"
