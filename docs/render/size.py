"""How big: the kept size searches (docs/data/sizes/*/, `./poolbench size`), as a table and a
picture of throughput against pool size. The knee is the margin rule's (issue 53): the smallest
size shown to lose less than the margin against the reference, the next smaller size shown to lose
more or not shown within. The kept size.json files stay as measured (some named the knee by the
verdict's words); the runner's `size.KeptSearch` re-derives each from its kept duets (count,
ratio, 95 % interval), with the replicas, prediction and formula beside the new knee. Nothing is
recomputed here.
"""
import os
import re

from .answer import interval, pct
from .data import quiet_before
from .svg import BAD, BAND, BLUE, GOOD, GRID, INK, MUTED, ORANGE, Svg, text_width, wrap

SIZES = "docs/data/sizes"
WORDS = {"within": "within", "faster": "faster", "beyond": "loses more", "unshown": "not shown"}


def database_of(name):
    """keep.py names a search on another database than MariaDB with it: <stamp>-<pools>-<distance>-<database>."""
    return "postgres" if name.endswith("-postgres") else "mariadb"


def place_of(name):
    """keep.py names a search on the user's hosts (size.yml, the runner in remote mode) <stamp>-<pools>-fleet."""
    return "fleet" if "-fleet" in name else "local"


def workers_of(name):
    """keep.py names a search at another load than 8 workers with it: <stamp>-<pools>-<distance>-w<N>."""
    m = re.search(r"-w(\d+)(?:-|$)", name)
    return int(m.group(1)) if m else 8


def distance_of(name):
    """keep.py's <stamp>-<pools>-<distance>...: lan, loopback, 1ms (--db-latency), cloud, or fleet."""
    return name.split("-")[5]


def kept(data, database="mariadb", place="local", workers=8, distance="lan"):
    """[(directory name, size.json re-derived, provenance.json)] of one database's searches in one place at one
    load and, locally, one distance (workers or distance None: every one), oldest first. The README's answer is
    the LAN distance's at 8 workers; the other loads and distances place a service on it (knee-against-load)."""
    dirs = sorted(os.path.dirname(p) for p in data.glob(f"{SIZES}/*/size.json"))
    rederived = data.kept_sizes(dirs)
    return [(os.path.basename(d), rederived[d], data.optional_json(f"{d}/provenance.json"))
            for d in dirs if database_of(os.path.basename(d)) == database and place_of(os.path.basename(d)) == place
            and workers in (None, workers_of(os.path.basename(d)))
            and (place != "local" or distance in (None, distance_of(os.path.basename(d))))]


def by_pool(data, database="mariadb", place="local"):
    """{profile: [(name, pool entry, size.json, provenance)]}, each pool's searches oldest first."""
    pools = {}
    for name, size, prov in kept(data, database, place):
        for p in size["pools"]:
            pools.setdefault(p["profile"], []).append((name, p, size, prov))
    return pools


def release_of(data, name, profile):
    """The pool's release a search ran (its environment.json, as the app reported or as attributed)."""
    environment = data.json(f"{SIZES}/{name}/environment.json")
    return environment.get("releases", {}).get(profile, {}).get("pool", "not recorded")


def size_entry(pool, size):
    return next((s for s in pool.get("sizes", []) if s["size"] == size), None)


def margin_of(size):
    return f"{size['marginPercent']:g} %"


def against_margin(entry):
    """-3.1 %, 90 % [-4.1 .. -2.1]: the estimate and the interval the margin rule reads."""
    if entry["ci90LowPercent"] is None:
        return f"{pct(100 * (entry['ratio'] - 1))}, no interval"
    return f"{pct(100 * (entry['ratio'] - 1))}, 90 % {interval(entry['ci90LowPercent'], entry['ci90HighPercent'])}"


def open_text(pool):
    low = pool.get("knownBeyondSize")
    return f"open ({low} < S <= {pool['knownWithinSize']})" if low else f"open (S <= {pool['knownWithinSize']})"


def knee_text(pool, size):
    if pool["result"] == "open":
        return open_text(pool)
    knee = pool["kneeSize"]
    if knee == size["referenceSize"]:
        return f"**{knee}** (the reference)"
    below = " or below" if pool["result"] == "smallest" else ""
    return f"**{knee}**{below}: {against_margin(size_entry(pool, knee))}, within {margin_of(size)}"


def knee_only(pool):
    if pool["result"] == "open":
        return open_text(pool)
    if pool["result"] == "knee" and pool["nextSmallerShown"] != "beyond":
        return f"**{pool['kneeSize']}** ({pool['nextSmallerSize']} not shown within)"
    return f"**{pool['kneeSize']}**" + (" or below" if pool["result"] == "smallest" else "")


def below_text(pool, size):
    """The size under the knee: shown to lose more than the margin, or not shown within (given up, or unsettled)."""
    s = pool.get("nextSmallerSize")
    if s is None:
        return "none tried" if pool["result"] == "smallest" else "-"
    entry = size_entry(pool, s)
    if pool["nextSmallerShown"] == "beyond":
        return f"{s}: {against_margin(entry)}, loses more"
    how = "given up" if pool["settled"] else "more duets could lower the knee"
    return f"{s}: {against_margin(entry)}, not shown within ({entry['duets']} duets; {how})"


def rule_name(rule):
    """inUseP99 -> in-use p99; littlePlus1.5Sqrt -> L + 1.5√L; erlangC1Percent -> Erlang C at 1 %."""
    if rule.startswith("inUse"):
        return f"in-use {rule[len('inUse'):].lower()}"
    m = re.fullmatch(r"littlePlus([\d.]+)Sqrt", rule)
    if m:
        return "L + √L" if m.group(1) == "1" else f"L + {m.group(1)}√L"
    return "Erlang C at 1 %" if rule == "erlangC1Percent" else rule


def predicted_text(pool):
    """The size predicted from one run and the rule that gave it (the kept searches re-derived under today's rule:
    `size.KeptSearch`), with L when the rule reads L alone."""
    pred = pool.get("prediction", {})
    if "predictedSize" not in pred:
        return "-"
    rule = pred.get("predictedFrom", "")
    if rule.startswith("inUse") and not pred.get("candidatesFrom", "").startswith("every borrow"):
        return f"{pred['predictedSize']} ({rule_name(rule)}, per-second gauge)"
    if rule.startswith("littlePlus") and pred.get("inUseMean") is not None:
        return f"{pred['predictedSize']} ({rule_name(rule)}, L = {pred['inUseMean']:.1f})"
    return f"{pred['predictedSize']} ({rule_name(rule)})"


def search_text(name, size, prov):
    """When a search ran (its directory's stamp), its duets and minutes, and the machine's load before it."""
    return (f"{name[:10]} {name[11:13]}:{name[13:15]}, {size['duets']} duets, {size['wallMinutes']:.0f} min"
            + quiet_before(prov))


def replicas_text(pool, server=False):
    r = pool.get("replicas")
    if not r:
        return "-"
    return f"{r['held']} ({r['heldDuringRollingUpdate']})" + (f" of {r['maxConnections']}" if server else "")


def table(data):
    searches_by_pool = by_pool(data)
    first = next(iter(searches_by_pool.values()))[0][2]
    rows = [f"| pool | release | how big: the smallest size shown to lose less than {margin_of(first)} against "
            f"{first['referenceSize']} (its 90 % interval) | one smaller: shown to lose more, or not shown within "
            "| predicted from one run (its rule) | HikariCP's formula (cores × 2 + spindles) "
            "| replicas a server of max_connections 151 holds at that size (during a rolling update) | search |",
            "|---|---|---|---|---|---|---|---|"]
    for profile, searches in searches_by_pool.items():
        for name, pool, size, prov in searches:
            formula = pool.get("formula", {})
            when = search_text(name, size, prov)
            rows.append(f"| {profile} | {release_of(data, name, profile)} | {knee_text(pool, size)} "
                        f"| {below_text(pool, size)} "
                        f"| {predicted_text(pool)} | {formula.get('size', '-')} "
                        f"| {replicas_text(pool)} | {when} |")
    return "\n".join(rows) + "\n"


def picture(data, title, subtitle):
    """Small multiples: per pool, each size's ratio to the reference with its interval; the knee,
    the prediction and the formula marked on the size axis."""
    searches = [(profile, s[-1]) for profile, s in by_pool(data).items()]
    panel_w, panel_h, gap = 260, 220, 26
    cols = 4
    width = 24 + cols * panel_w + (cols - 1) * gap
    title_lines = wrap(title, 16, width - 24)
    sub_lines = wrap(subtitle, 12, width - 24)
    top = 20 + 22 * len(title_lines) + 17 * len(sub_lines) + 20
    rows = (len(searches) + cols - 1) // cols
    height = top + rows * (panel_h + 70) + 30
    svg = Svg(width, height, title)
    y = 10
    for line in title_lines:
        y += 22
        svg.text(12, y, line, size=16, weight="bold")
    for line in sub_lines:
        y += 17
        svg.text(12, y, line, size=12, fill=MUTED)
    lo, hi = -40.0, 10.0
    for i, (profile, (name, pool, size, _)) in enumerate(searches):
        x0 = 12 + (i % cols) * (panel_w + gap) + 34
        y0 = top + (i // cols) * (panel_h + 70) + 18
        _panel(svg, x0, y0, panel_w - 40, panel_h, profile, pool, size, lo, hi)
    _legend(svg, 12, height - 12, margin_of(searches[0][1][2]))
    return svg.render()


def _panel(svg, x0, y0, w, h, profile, pool, size, lo, hi):
    sizes = size["candidates"]
    smax = max(sizes)

    def px(s):
        return x0 + (s - 0.5) / (smax + 0.5) * w

    def py(v):
        return y0 + (hi - min(max(v, lo), hi)) / (hi - lo) * h

    svg.text(x0, y0 - 6, profile, size=13, weight="bold")
    margin = size["marginPercent"]
    svg.rect(x0, py(margin), w, py(100 * (1 / (1 + margin / 100) - 1)) - py(margin), BAND)
    for v in (-40, -30, -20, -10, 0, 10):
        svg.line(x0, py(v), x0 + w, py(v), stroke=GRID, width=0.6)
        svg.text(x0 - 4, py(v) + 4, f"{v:+d}".replace("+0", "0"), size=10, anchor="end", fill=MUTED)
    svg.line(x0, py(0), x0 + w, py(0), stroke=MUTED, width=1)
    for s in (1, 2, 4, 6, 8, 10, 12, 16):
        if s <= smax:
            svg.text(px(s), y0 + h + 14, str(s), size=10, anchor="middle", fill=MUTED)
    svg.text(x0 + w / 2, y0 + h + 28, "pool size", size=11, anchor="middle")
    svg.text(x0 - 30, y0 - 6, "%", size=10, fill=MUTED)
    formula = pool.get("formula", {}).get("size")
    predicted = pool.get("prediction", {}).get("predictedSize")
    if formula:
        svg.line(px(formula), y0, px(formula), y0 + h, stroke=MUTED, width=1.2, dash="2,3")
    if predicted:
        svg.line(px(predicted), y0, px(predicted), y0 + h, stroke=BLUE, width=1.2, dash="6,3")
    knee = pool.get("kneeSize")
    for s in pool.get("sizes", []):
        color = {"within": GOOD, "faster": GOOD, "beyond": BAD}.get(s["againstMargin"], MUTED)
        if s["ci90LowPercent"] is not None:
            svg.line(px(s["size"]), py(s["ci90LowPercent"]), px(s["size"]), py(s["ci90HighPercent"]), stroke=color,
                     width=2)
        value = 100 * (s["ratio"] - 1)
        if value < lo:
            svg.arrow(px(s["size"]), py(lo) + 4, False, color)
        svg.circle(px(s["size"]), py(value), 6 if s["size"] == knee else 3.5, color,
                   stroke=INK if s["size"] == knee else None)
    svg.circle(px(smax), py(0), 3.5, INK)
    svg.text(x0 + w, y0 + h + 42, f"knee {knee}" if knee else "open", size=11, anchor="end",
             fill=GOOD if knee else ORANGE, weight="bold")


def _legend(svg, x, y, margin):
    items = [("circle", GOOD, f"loses less than {margin} (90 % interval)"), ("circle", BAD, f"loses more than {margin}"),
             ("circle", MUTED, "not shown either way"),
             ("dash", BLUE, "predicted from one run"), ("dot", MUTED, "HikariCP's formula"),
             ("band", None, f"±{margin}"), ("circle", INK, "the knee: ringed")]
    for kind, color, label in items:
        if kind == "circle":
            svg.circle(x + 8, y - 4, 4, color)
        elif kind == "band":
            svg.rect(x, y - 10, 18, 12, BAND)
        else:
            svg.line(x, y - 4, x + 18, y - 4, stroke=color, width=1.5, dash="6,3" if kind == "dash" else "2,3")
        svg.text(x + 24, y, label, size=11, fill=MUTED)
        x += 24 + text_width(label, 11) + 18


def how_big_picture(data):
    svg = picture(data, "How big: throughput against pool size, each pool against itself at size 16",
                  "./poolbench size at LAN distance (a Toxiproxy hop, about 0.1 ms per round trip) on the project's "
                  "2-core VM, 8 load workers; each point a size's duets against size 16, with its 90 % interval; "
                  "the knee is the smallest size shown to lose less than the margin")
    return ("![throughput against pool size per pool: the knee, the prediction from one run and HikariCP's "
            "formula]({root}/docs/images/how-big.svg)\n", {"docs/images/how-big.svg": svg})


def tried_text(pool):
    """Each size tried against the reference: its difference and word, then what contradicts the assumption."""
    tried = ", ".join(f"{e['size']}: {pct(100 * (e['ratio'] - 1))} {WORDS[e['againstMargin']]}"
                      for e in sorted(pool.get("sizes", []), key=lambda e: e["size"]))
    return "; ".join([tried or "none"] + pool.get("contradictions", []))


def postgres_beside_mariadb(data):
    """README's PostgreSQL part: each pool's newest search on PostgreSQL, its release and its knee beside its MariaDB
    knee (which names its own release when that search ran another); the earlier searches' knees in its last cell
    (docs/pool-size-sweep.md has every search)."""
    maria = by_pool(data)
    rows = ["| pool | release | MariaDB: how big (newest search) | PostgreSQL: how big "
            "| each size against 16 on PostgreSQL | predicted from one run | replicas a server of PostgreSQL's "
            "default max_connections holds (during a rolling update) | search |", "|---|---|---|---|---|---|---|---|"]
    for profile, searches in by_pool(data, "postgres").items():
        name, pool, size, prov = searches[-1]
        release = release_of(data, name, profile)
        m = maria.get(profile)
        m_knee = mariadb_knee(data, profile, m[-1], release) if m else "not searched"
        when = search_text(name, size, prov) + "".join(
            f"; earlier, {older[0][:10]} on "
            f"{release_of(data, older[0], profile)}: {knee_only(older[1])}" for older in searches[:-1])
        rows.append(f"| {profile} | {release} | {m_knee} | {knee_only(pool)} | {tried_text(pool)} "
                    f"| {predicted_text(pool)} | {replicas_text(pool, True)} "
                    f"| {when} |")
    return "\n".join(rows) + "\n"


def mariadb_knee(data, profile, search, release):
    """The knee of a pool's newest MariaDB search, with its release when it is not the PostgreSQL search's."""
    name, pool, _, _ = search
    theirs = release_of(data, name, profile)
    return knee_only(pool) + ("" if theirs == release else f", on {theirs}")


def offered_load(pool):
    """L = λ × W of a search's reference run: the connections in use on average (borrows per second × mean hold)."""
    pred = pool.get("prediction", {})
    if pred.get("inUseMean") is None:
        return "-"
    return f"{pred['inUseMean']:.1f} ({pred['borrowsPerSecond']:,.0f}/s × {pred['meanHoldMillis']:.2f} ms)"


def fleet_beside_local(data):
    """docs/vm-path.md: each search on the local fleet's hosts (size.yml) beside the pool's newest local
    search: the knee, the offered load L = λ × W, the prediction, HikariCP's formula on the db host's cores,
    the replicas line against the server's own max_connections."""
    local = by_pool(data)
    rows = ["| pool | on the fleet: how big | each size against the reference | L = λ × W on the fleet "
            "| locally (newest search): how big, L | predicted from one run | HikariCP's formula (the db host's cores) "
            "| replicas the server holds (during a rolling update) of its max_connections | search |",
            "|---|---|---|---|---|---|---|---|---|"]
    for profile, searches in by_pool(data, place="fleet").items():
        for name, pool, size, prov in searches:
            mine = local.get(profile)
            formula = pool.get("formula", {})
            when = search_text(name, size, prov)
            rows.append(f"| {profile} | {knee_only(pool)} | {tried_text(pool)} | {offered_load(pool)} "
                        f"| {knee_only(mine[-1][1]) + ', ' + offered_load(mine[-1][1]) if mine else 'not searched'} "
                        f"| {predicted_text(pool)} "
                        f"| {formula.get('size', '-')} ({formula.get('cores', '?')} cores) | {replicas_text(pool, True)} "
                        f"| {when} |")
    return "\n".join(rows) + "\n"
