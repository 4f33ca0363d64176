"""When the database goes away: the kept fault runs (docs/data/faults/*/faults.json, `./poolbench
faults`), each cell a database, a pool and a scenario over the repeats, as a median and a range. The
figures of a run are the runner's (faults.json `figures`); only medians and ranges are taken here.
MariaDB's and PostgreSQL's runs share the folder (a PostgreSQL one's name ends in -postgres) and
are told apart by faults.json's options.database; idle-timeout's table is in idle_timeout.py.
"""
import os
import statistics

from .data import quiet_before
from .pools import ORDER
from .svg import BAD, BAND, GOOD, GRID, INK, MUTED, Svg, text_width, wrap

FAULTS = "docs/data/faults"
SCENARIOS = ("unreachable", "hang", "restart")
# faults.yml on the local fleet (docs/vm-path.md): the database host's packets dropped, the host
# rebooted, its server restarted; kept apart, since they act between hosts, not through a proxy.
# demote and idle-drop, with their own columns, are fleet_production.py's (faults-production.md).
FLEET_FAULTS = "docs/data/fleet-faults"
FLEET_SCENARIOS = ("blackhole", "reboot", "restart", "failover")
# A black hole shorter than the socket timeout (the recommended 3 s) and TCP's retransmissions is
# survived by every connection; a longer one is not: its rows say how long it was.
TIMED = ("blackhole",)
# A run's pool and driver settings (faults --settings), in the order of the rows; a run kept before
# they existed is shipped.
SETTINGS = ("shipped", "recommended", "evict-read-only", "keepalive")
# faults --database; a run kept before the option existed is MariaDB's.
DATABASES = {"mariadb": "MariaDB", "postgres": "PostgreSQL"}
POSTGRES_COMMAND = ("docs/data/measure.sh ./poolbench faults --database postgres --profiles hikari,tomcat,dbcp,dbcp2 "
                    "--scenarios unreachable,hang,restart --settings shipped,recommended")


def database_of(faults):
    return faults["options"].get("database") or "mariadb"


def kept(data, root=FAULTS, database="mariadb"):
    """[(directory name, faults.json, provenance.json)] of the database's kept runs, oldest first
    (every directory's files count as read, so a figure's label holds before its database has any)."""
    found = []
    for path in data.glob(f"{root}/*/faults.json"):
        d = os.path.dirname(path)
        found.append((os.path.basename(d), data.json(path), data.optional_json(f"{d}/provenance.json")))
    return [(name, faults, prov) for name, faults, prov in found if database_of(faults) == database]


def cells(data, session="memory", root=FAULTS, scenarios=SCENARIOS, database="mariadb"):
    """{((profile, settings), scenario): [figures]} over every kept run of the database's scenarios;
    a scenario in TIMED is told apart by its length (`blackhole 2 s`)."""
    out = {}
    for _, faults, _ in kept(data, root, database):
        for run in faults["runs"]:
            if run.get("session", "memory") != session or run["scenario"] not in scenarios or not seen(run):
                continue
            who = (run["profile"], run.get("settings", "shipped"))
            out.setdefault((who, scenario_label(run["scenario"], faults["options"])), []).append(run.get("figures"))
    return out


def scenario_label(scenario, options):
    """The scenario, with the fault's seconds where they decide what it shows (TIMED)."""
    return f"{scenario} {options['faultSeconds']} s" if scenario in TIMED else scenario


def labels_in_order(found, scenarios):
    """The found scenario labels in the order of `scenarios`, a TIMED one's longest first."""
    def key(label):
        name, _, seconds = label.partition(" ")
        return (scenarios.index(name), -int(seconds.split()[0]) if seconds else 0)
    return sorted({label for _, label in found}, key=key)


def row_label(who, found):
    """The pool, with its settings when any kept run is not shipped (a row each: as shipped, recommended, ...)."""
    profile, settings = who
    if all(s == "shipped" for (_, s), _ in found):
        return profile
    return f"{profile}, {'as shipped' if settings == 'shipped' else settings}"


def seen(run):
    """False when the checks found no fault in the run (faultSeen: logins decided while the database
    was to be away, or no effect at all): its figures are not of a fault and are left out."""
    return (run.get("figures") or {}).get("faultSeen", True) is not False


def unseen(data, root, scenarios, database="mariadb"):
    """'restart/hikari, ...' of the kept runs left out because their fault was not seen."""
    return [f"{r['scenario']}/{r['profile']} ({name})" for name, faults, _ in kept(data, root, database)
            for r in faults["runs"] if r["scenario"] in scenarios and not seen(r)]


def sittings_line(data, root, scenarios, database, every=False, away="the database was to be away"):
    """'Kept sittings: ...' of the database's kept directories with a run of the scenarios (every:
    all of them, as the fleet's table has always listed its storm sittings too), and the runs left out
    (their logins decided while `away`)."""
    sittings = [f"{name[:10]} {name[11:13]}:{name[13:15]} UTC ({name[16:]}{quiet_before(prov)})"
                for name, faults, prov in kept(data, root, database)
                if every or any(r["scenario"] in scenarios for r in faults["runs"])]
    left_out = unseen(data, root, scenarios, database)
    note = (f"\n\nLeft out, their fault not seen by the checks (logins decided while {away}): "
            f"{', '.join(left_out)}." if left_out else "")
    return f"Kept sittings: {'; '.join(sittings) if sittings else 'none yet'}.{note}\n"


def not_measured(what, command):
    """The one line a figure of nothing kept yet renders: what, and the commands that measure and keep it."""
    return f"{what}: not measured yet. `{command}`, then `python3 docs/data/keep.py faults RESULTS_DIR`.\n"


def spread(values, fmt="{:.1f}", none="-"):
    """'1.2 [0.8 .. 2.0]' (median [min .. max]); values None count as `none` and are named."""
    nums = [v for v in values if v is not None]
    missing = len(values) - len(nums)
    if not nums:
        return none
    med = statistics.median(nums)
    text = fmt.format(med) if len(nums) == 1 else f"{fmt.format(med)} [{fmt.format(min(nums))} .. {fmt.format(max(nums))}]"
    return text + (f", {none} {missing}x" if missing else "")


def rows_lost(figs):
    lost = doubled = 0
    for f in figs:
        verdict = f["loginLog"]["verdict"]
        if verdict.startswith("LOST"):
            lost += int(verdict.split()[1])
        elif verdict.startswith("DOUBLED"):
            doubled += int(verdict.split()[1])
    text = f"{lost} lost"
    return text + (f", {doubled} doubled" if doubled else "")


def profiles(found):
    """The (profile, settings) of the found cells: the pools in ORDER, shipped before recommended."""
    whos = {w for w, _ in found}
    rank = {p: i for i, p in enumerate(ORDER)}
    return sorted(whos, key=lambda w: (rank.get(w[0], len(ORDER)), w[0],
                                       SETTINGS.index(w[1]) if w[1] in SETTINGS else len(SETTINGS), w[1]))


def table(data, root=FAULTS, scenarios=SCENARIOS, extra=None, database="mariadb", every_sitting=False):
    """extra: (header, {(who, scenario): text}) for one more column (the fleet's stale connections)."""
    found = cells(data, root=root, scenarios=scenarios, database=database)
    header, more = extra or (None, {})
    rows = ["| pool | scenario | runs | first error after s (fail fast) | longest request s | errors in the fault "
            "| errors after the return | first login after the return s | back to 90 % s | connections opened "
            "| login_log rows | /report exact |" + (f" {header} |" if header else ""),
            "|---|---|---:|---|---|---|---|---|---|---|---|---|" + ("---|" if header else "")]
    for who in profiles(found):
        for scenario in labels_in_order(found, scenarios):
            figs = [f for f in found.get((who, scenario), []) if f]
            if not figs:
                continue
            exact = sum(1 for f in figs if f.get("reportExact"))
            tail = f" {more.get((who, scenario), '-')} |" if header else ""
            rows.append(f"| {row_label(who, found)} | {scenario} | {len(figs)} "
                        f"| {spread([f.get('firstErrorSeconds') for f in figs], none='no error')} "
                        f"| {spread(longest_seconds(figs))} "
                        f"| {spread([f['errorsDuringFault'] for f in figs], '{:.0f}')} "
                        f"| {spread([f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                        f"| {spread([f.get('firstSuccessSeconds') for f in figs], none='none')} "
                        f"| {spread([f.get('recoverySeconds') for f in figs], none='never')} "
                        f"| {spread([f.get('connectionsOpened') for f in figs], '{:.0f}')} "
                        f"| {rows_lost(figs)} | {exact} of {len(figs)} |{tail}")
    return "\n".join(rows) + "\n\n" + sittings_line(data, root, scenarios, database, every_sitting)


def postgres_table(data):
    """MariaDB's table of unreachable, hang and restart for the kept PostgreSQL runs (faults --database postgres)."""
    if not cells(data, database="postgres"):
        return not_measured("PostgreSQL's unreachable, hang and restart", POSTGRES_COMMAND)
    return table(data, database="postgres")


def fleet_table(data):
    """The same table for the fleet's kept faults.yml runs (blackhole, reboot, restart, failover), with a
    failover's stale connections: the app's connections to the old primary after the run."""
    stale = {}
    for path in data.glob(f"{FLEET_FAULTS}/*/runs/*/fault-run.json"):
        record = data.json(path)
        failover = record.get("failover") or {}
        if record.get("scenario") != "failover" or not failover:
            continue
        who = (record["profile"], record.get("settings", "shipped"))
        stale.setdefault((who, record["scenario"]), []).append(count(failover.get("appConnectionsToOldPrimary")))
    more = {cell: spread(values, "{:.0f}", none="not counted") for cell, values in stale.items()}
    return table(data, FLEET_FAULTS, FLEET_SCENARIOS, ("connections to the old primary after a failover", more),
                 every_sitting=True)


def storm_table(data):
    """The fleet's kept storm runs (slow connects while the load jumps): per pool and settings, the
    connections the pool opened, its peak, the page requests' p99 before the jump and during it, the
    longest request, errors and rows; median [range] over the runs."""
    found = cells(data, root=FLEET_FAULTS, scenarios=("storm",))
    rows = ["| pool | runs | connections before the storm | connections opened | peak connections "
            "| page p99 ms before the jump | page p99 ms during it | longest request s | errors | login_log rows |",
            "|---|---:|---|---|---|---|---|---|---|---|"]
    for who in profiles(found):
        figs = [f for f in found[(who, "storm")] if f]
        jumps = [f.get("jump") or {} for f in figs]
        rows.append(f"| {row_label(who, found)} | {len(figs)} "
                    f"| {spread([f.get('connectionsBeforeFault') for f in figs], '{:.0f}')} "
                    f"| {spread([f.get('connectionsOpened') for f in figs], '{:.0f}')} "
                    f"| {spread([f.get('peakConnections') for f in figs], '{:.0f}')} "
                    f"| {spread([j.get('p99BeforeMillis') for j in jumps], '{:.0f}')} "
                    f"| {spread([j.get('p99DuringMillis') for j in jumps], '{:.0f}')} "
                    f"| {spread(longest_seconds(figs))} "
                    f"| {spread([f['errorsDuringFault'] + f['errorsAfterReturn'] for f in figs], '{:.0f}')} "
                    f"| {rows_lost(figs)} |")
    if len(rows) == 2:
        raise SystemExit(f"figures: no storm run kept under {FLEET_FAULTS}")
    return "\n".join(rows) + "\n"


def count(value):
    """A count that faults.yml's record may hold as text ("3") or leave out (None, "None", "")."""
    return int(value) if str(value).strip().isdigit() else None


def median(values):
    """The median of the values that are not None; None when there are none."""
    nums = [v for v in values if v is not None]
    return statistics.median(nums) if nums else None


def median_of(figs, key):
    return median([f.get(key) for f in figs])


def longest_seconds(figs):
    return [None if f.get("longestRequestMillis") is None else f["longestRequestMillis"] / 1000 for f in figs]


def scorecard(data):
    """A line per pool: how long it keeps a request waiting when the database is away (fail fast
    or not), how fast it is back, errors after the return and rows lost, over the scenarios."""
    found = cells(data)
    rows = ["| pool | longest request s, median (unreachable / hang / restart) | back to 90 % s, median "
            "| errors after the return | login_log rows lost | runs |", "|---|---|---|---|---|---:|"]
    for who in profiles(found):
        per = [[f for f in found.get((who, s), []) if f] for s in SCENARIOS]

        def cell(values_of, none):
            out = []
            for figs in per:
                nums = [v for v in values_of(figs) if v is not None]
                out.append("-" if not figs else none if not nums else f"{statistics.median(nums):.1f}")
            return " / ".join(out)

        every = [f for figs in per for f in figs]
        after = sum(f["errorsAfterReturn"] for f in every)
        rows.append(f"| {row_label(who, found)} | {cell(longest_seconds, '-')} "
                    f"| {cell(lambda figs: [f.get('recoverySeconds') for f in figs], 'never')} "
                    f"| {after} in all | {rows_lost(every)} | {len(every)} |")
    return "\n".join(rows) + "\n"


def picture(data, database="mariadb"):
    """A timeline per pool and scenario, seconds from the fault's start: the fault shaded, the first
    error (red: how fast the pool fails) and the return to 90 % of the logins (green), each the median
    over the repeats with its range."""
    found = cells(data, database=database)
    whos = profiles(found)
    names = [row_label(w, found) for w in whos]
    label_w = max([text_width(p, 13, bold=True) for p in names] + [60]) + 24
    panel_w, row_h, gap = 270, 26, 22
    width = label_w + 3 * panel_w + 2 * gap + 16
    title = "When the database goes away: how long each pool keeps a request waiting, and how fast it is back"
    command = "./poolbench faults"
    if database != "mariadb":
        title = title.replace("the database", DATABASES.get(database, database))
        command += f" --database {database}"
    sub = (f"{command} on the project's 2-core VM: the database away for about 10 s at second 10 of a 40-s "
           "run, pool of 10, pool wait 5 s; per pool and scenario the median over the kept repeats with its range")
    sub_lines = wrap(sub, 12, width - 24)
    top = 40 + 17 * len(sub_lines) + 34
    height = top + row_h * len(names) + 86
    svg = Svg(width, height, title)
    svg.text(12, 32, title, size=16, weight="bold")
    for i, line in enumerate(sub_lines):
        svg.text(12, 50 + 17 * i, line, size=12, fill=MUTED)
    lo, hi = 0.0, 25.0
    for k, scenario in enumerate(SCENARIOS):
        x0 = label_w + k * (panel_w + gap)

        def px(v):
            return x0 + (min(max(v, lo), hi) - lo) / (hi - lo) * panel_w

        svg.text(x0, top - 10, scenario, size=13, weight="bold")
        away = [r["figures"] and (r["faultEndSecond"] - r["faultBeginSecond"])
                for r in runs_of(data, scenario, database)]
        away = statistics.median([a for a in away if a]) if any(away) else 10.0
        svg.rect(px(0), top, px(away) - px(0), row_h * len(names), BAND)
        for t in range(0, 26, 5):
            svg.line(px(t), top, px(t), top + row_h * len(names), stroke=GRID, width=0.6)
            svg.text(px(t), top + row_h * len(names) + 14, str(t), size=10, anchor="middle", fill=MUTED)
        svg.text(x0 + panel_w / 2, top + row_h * len(names) + 30, "seconds from the fault's start", size=11,
                 anchor="middle")
        for i, who in enumerate(whos):
            y = top + row_h * i + row_h / 2
            figs = [f for f in found.get((who, scenario), []) if f]
            if not figs:
                continue
            _wait_bar(svg, px, y, longest_seconds(figs))
            _mark(svg, px, y, [f.get("recoverySeconds") for f in figs], away, GOOD, circle=False)
    for i, profile in enumerate(names):
        y = top + row_h * i + row_h / 2
        svg.line(12, top + row_h * i, width - 12, top + row_h * i, stroke=GRID, width=0.6)
        svg.text(12, y + 4.5, profile, size=13, weight="bold", fill=INK)
    legend_y = height - 28
    x = 12
    for kind, label in (("bar", "the longest request (fails fast: short)"),
                        ("diamond", "back to 90 % of the logins per second"), ("band", "the database away"),
                        ("line", "thin lines: the range over the repeats; no diamond: never back within the run")):
        if kind == "bar":
            svg.rect(x, legend_y - 8, 14, 8, BAD)
        elif kind == "diamond":
            svg.diamond(x + 7, legend_y - 4, 6, 5, GOOD)
        elif kind == "band":
            svg.rect(x, legend_y - 10, 14, 12, BAND)
        else:
            svg.line(x, legend_y - 4, x + 14, legend_y - 4, stroke=MUTED, width=1.2)
        svg.text(x + 20, legend_y, label, size=11, fill=MUTED)
        x += 20 + text_width(label, 11) + 18
        if x > width / 2:
            x, legend_y = 12, legend_y + 16
    return svg.render()


def runs_of(data, scenario, database="mariadb"):
    return [r for _, faults, _ in kept(data, database=database) for r in faults["runs"]
            if r["scenario"] == scenario and r.get("session", "memory") == "memory"]


def _wait_bar(svg, px, y, waits):
    """From the fault's start to the longest request's length (median), its range as a thin line."""
    nums = [v for v in waits if v is not None]
    if not nums:
        return
    med = statistics.median(nums)
    svg.rect(px(0), y - 4, max(px(med) - px(0), 1.5), 8, BAD)
    if len(nums) > 1:
        svg.line(px(min(nums)), y + 7, px(max(nums)), y + 7, stroke=BAD, width=1.2)


def _mark(svg, px, y, values, offset, color, circle):
    nums = [v + offset for v in values if v is not None]
    if not nums:
        return
    if len(nums) > 1:
        svg.line(px(min(nums)), y, px(max(nums)), y, stroke=color, width=1.5)
    med = statistics.median(nums)
    if circle:
        svg.circle(px(med), y, 4.5, color)
    else:
        svg.diamond(px(med), y, 6, 5.5, color)


def scorecard_picture(data, database="mariadb"):
    """The picture and its link; a database with nothing kept yet gets the line that says so, and no picture."""
    if database != "mariadb" and not cells(data, database=database):
        return not_measured(f"{DATABASES.get(database, database)}'s picture", POSTGRES_COMMAND), {}
    suffix = "" if database == "mariadb" else f"-{database}"
    on = "" if database == "mariadb" else f" on {DATABASES.get(database, database)}"
    return (f"![per pool and scenario: the first error and the return to 90 % after the database went away{on}, "
            f"seconds from the fault's start]({{root}}/docs/images/faults-scorecard{suffix}.svg)\n",
            {f"docs/images/faults-scorecard{suffix}.svg": picture(data, database)})
