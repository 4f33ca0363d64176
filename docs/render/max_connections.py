"""When the server runs out of connections: the kept `max-connections` runs (`./poolbench faults
--scenarios max-connections`, MariaDB only, in docs/data/faults/ beside the other scenarios). The
replicas fill the server's max_connections, then a rolling update starts each new one beside them;
per pool and settings, what the replicas and the loaded one saw. The figures are the runner's
(faults.json `figures`, whose `replicas` is the run's replicas.json); medians and ranges over the
kept runs are taken here, as for the other scenarios.
"""
import re

from . import faults
from .data import command, quiet_before
from .dimension import sitting_releases
from .faults import FAULTS, FLEET_FAULTS, profiles, row_label, rows_lost, spread

SCENARIO = "max-connections"
COMMAND = ("docs/data/measure.sh ./poolbench faults --scenarios max-connections --profiles hikari,tomcat,dbcp,dbcp2 "
           "--settings shipped,recommended [--replicas 3]")
# On hosts (ansible/faults.yml): the app host's replicas as systemd units (faults-replicas), the db host's
# max_connections set for the run and put back.
FLEET_COMMAND = ("docs/data/measure.sh bash -c 'cd ansible && ansible-playbook -i inventories/fleet/hosts.yml faults.yml "
                 "-e poolbench_profiles=hikari,tomcat,dbcp,dbcp2 -e poolbench_faults_check=true "
                 "-e poolbench_fault_scenarios=max-connections -e poolbench_fault_settings=shipped,recommended'")
# An exit line's gist is cut here: a table cell, not the log.
GIST_CHARS = 80


def generation(surge, prefix):
    """The replicas of replicas.json named prefix-N ('old', 'new'), in the order of N."""
    found = [r for r in surge.get("replicaFigures", []) if r.get("name", "").startswith(prefix + "-")]
    return sorted(found, key=lambda r: int(r["name"].rsplit("-", 1)[1]))


def before(surge):
    """Each old replica's connections before the update: old-1 (the loaded one), old-2, ..."""
    return [surge.get("loadedConnectionsBefore")] + [r.get("connectionsBefore") for r in generation(surge, "old")]


def in_surge(surge):
    """Each new replica's connections while every old one still held its pool: new-1, new-2, ..."""
    return [r.get("connectionsInSurge") for r in generation(surge, "new")]


def answered(surge):
    """Each new replica's first answer to its health probe, UP or not, in seconds after its JVM's start: new-1, ...
    (how long the app took to start there, before its pool's part)."""
    return [r.get("answeredSeconds") for r in generation(surge, "new")]


def after(surge):
    """The loaded replica's at the update's end, each new one's after its old one stopped: old-1, new-1, ..."""
    return [surge.get("loadedConnectionsAtEnd")] + [r.get("connectionsAfterStop") for r in generation(surge, "new")]


def per_replica(surges, read):
    """'10 / 10 / 3': per replica, in order, the median [range] over the runs of read(replicas.json)."""
    lists = [read(s) for s in surges]
    width = max(len(values) for values in lists)
    return " / ".join(spread([values[i] if i < len(values) else None for values in lists], "{:.0f}")
                      for i in range(width))


def gist(line):
    """An exit line in brief, as a code span a table cell can hold: without the log's time, level,
    thread and logger, "Caused by: " and the packages of class names."""
    text = line.strip()
    if re.match(r"\d{4}-\d\d-\d\d", text) and " : " in text:
        text = text.split(" : ", 1)[1].strip()
    text = re.sub(r"^Caused by: ", "", text)
    text = re.sub(r"\b(?:[a-z_][\w$]*\.)+(?=[A-Z])", "", text)
    if len(text) > GIST_CHARS:
        text = text[:GIST_CHARS - 1].rstrip() + "…"
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`" if text else "no line"


def exited(surges):
    """'new-2 (exit 1: `...`)': the replicas whose JVM exited, with their log's last error line; over
    several runs, in how many."""
    why = {}
    for surge in surges:
        for r in surge.get("replicaFigures", []):
            if "exitStatus" in r:
                why.setdefault(r["name"], []).append(f"exit {r['exitStatus']}: {gist(r.get('exitLine') or '')}")
    if not why:
        return "none"
    out = []
    for name in sorted(why, key=lambda n: (n.split("-")[0], int(n.rsplit("-", 1)[1]))):
        times = f" in {len(why[name])} of {len(surges)} runs" if len(surges) > 1 else ""
        out.append(f"{name} ({'; '.join(sorted(set(why[name])))}){times}")
    return ", ".join(out)


def shape(surge):
    return f"{surge.get('replicas')} × {surge.get('poolSize')}"


def cells(data, root=FAULTS):
    """{((profile, settings), '3 × 10'): [figures]} over the kept max-connections runs (seen, with replicas.json's)."""
    out = {}
    for (who, _), figs in faults.cells(data, root=root, scenarios=(SCENARIO,)).items():
        for f in figs:
            if f and f.get("replicas"):
                out.setdefault((who, shape(f["replicas"])), []).append(f)
    return out


def sittings(data, root=FAULTS):
    """A line per kept sitting with a max-connections run: its start, command, the machine's quiet
    before it and the releases of the pools and driver (environment.json's)."""
    data.glob(f"{root}/*/environment.json")  # every directory's counts as read, as kept() does
    lines, failed = [], []
    for name, kept_faults, prov in faults.kept(data, root):
        runs = [r for r in kept_faults["runs"] if r["scenario"] == SCENARIO]
        if not runs:
            continue
        env = data.optional_json(f"{root}/{name}/environment.json")
        facts = "; ".join(p for p in (quiet_before(prov)[2:], sitting_releases(env)) if p)
        lines.append(f"Sitting {name[:10]} {name[11:13]}:{name[13:15]} UTC: `{command(prov)}` ({facts}).")
        failed += [f"{r['profile']}, {r.get('settings', 'shipped')} ({name})" for r in runs if not r.get("figures")]
    left_out = faults.unseen(data, root, (SCENARIO,))
    if left_out:
        lines.append(f"Left out, the server having refused no connection: {', '.join(left_out)}.")
    if failed:
        lines.append(f"No figures (the run failed: its problems in faults.json): {', '.join(failed)}.")
    return lines


def table(data, root=FAULTS):
    """A line per pool, settings and replicas × pool size: median [range] over the kept runs (root: the
    local ones, or the fleet's)."""
    found = cells(data, root)
    if not found:
        # Kept runs without figures (failed, or the server refused nothing) are named, not hidden.
        notes = sittings(data, root)
        return "\n".join([f"{SCENARIO}: no kept run has figures.", ""] + notes) + "\n" if notes \
            else faults.not_measured(f"{SCENARIO} on the fleet" if root == FLEET_FAULTS else SCENARIO,
                                     FLEET_COMMAND if root == FLEET_FAULTS else COMMAND)
    rows = ["| pool | replicas × pool size | max_connections | runs | every new replica serving, s after the "
            "update's start | new replicas' first answer, s after their start (new-1 ..) | replicas that exited "
            "| new replicas' probe errors | loaded replica's errors in the update / after "
            "| connections before (old-1 / old-2 ..) | in the surge (new-1 ..) "
            "| after (old-1 / new-1 ..) | connections refused | login_log rows |",
            "|---|---|---|---:|---|---|---|---|---|---|---|---|---|---|"]
    for who in profiles(found):
        sizes = {s for w, s in found if w == who}
        for size in sorted(sizes, key=lambda s: [int(n) for n in re.findall(r"\d+", s)]):
            figs = found[(who, size)]
            surges = [f["replicas"] for f in figs]
            probe_errors = [sum(r.get("probeErrors", 0) for r in generation(s, "new")) for s in surges]
            rows.append(f"| {row_label(who, found)} | {size} "
                        f"| {spread([s.get('maxConnections') for s in surges], '{:.0f}')} | {len(figs)} "
                        f"| {spread([s.get('everyReplicaServesSeconds') for s in surges], none='never')} "
                        f"| {per_replica(surges, answered)} | {exited(surges)} | {spread(probe_errors, '{:.0f}')} "
                        f"| {spread([f['errorsDuringFault'] for f in figs], '{:.0f}')} "
                        f"/ {spread([f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                        f"| {per_replica(surges, before)} | {per_replica(surges, in_surge)} "
                        f"| {per_replica(surges, after)} "
                        f"| {spread([s.get('refusedConnections') for s in surges], '{:.0f}')} | {rows_lost(figs)} |")
    return "\n".join(rows) + "\n\n" + "\n".join(sittings(data, root)) + "\n"


def fleet_table(data):
    """The same table over the fleet's kept max-connections runs."""
    return table(data, FLEET_FAULTS)
