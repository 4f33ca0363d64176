"""How big: the kept size searches (docs/data/sizes/*/size.json, `./poolbench size`), as a table
and a picture of throughput against pool size. The knee, its deciding interval, the prediction,
HikariCP's formula and the replicas line are the runner's (size.json); nothing is recomputed here.
"""
import os

from .answer import interval, pct
from .data import quiet_before
from .svg import BAD, BAND, BLUE, GOOD, GRID, INK, MUTED, ORANGE, Svg, text_width, wrap

SIZES = "docs/data/sizes"


def database_of(name):
    """keep.py names a search on another database than MariaDB with it: <stamp>-<pools>-<distance>-<database>."""
    return "postgres" if name.endswith("-postgres") else "mariadb"


def kept(data, database="mariadb"):
    """[(directory name, size.json, provenance.json)] of one database's searches, oldest first."""
    found = []
    for path in data.glob(f"{SIZES}/*/size.json"):
        d = os.path.dirname(path)
        if database_of(os.path.basename(d)) == database:
            found.append((os.path.basename(d), data.json(path), data.optional_json(f"{d}/provenance.json")))
    return found


def by_pool(data, database="mariadb"):
    """{profile: [(name, pool entry, size.json, provenance)]}, each pool's searches oldest first."""
    pools = {}
    for name, size, prov in kept(data, database):
        for p in size["pools"]:
            pools.setdefault(p["profile"], []).append((name, p, size, prov))
    return pools


def size_entry(pool, size):
    return next((s for s in pool.get("sizes", []) if s["size"] == size), None)


def deciding(entry):
    d = entry.get("decidingInterval")
    if d:
        return f"{pct(100 * (entry['ratio'] - 1))}, {d['level']} % {interval(d['lowPercent'], d['highPercent'])}"
    return f"{pct(100 * (entry['ratio'] - 1))}, 95 % {interval(entry['ci95LowPercent'], entry['ci95HighPercent'])}"


def knee_text(pool, reference):
    if pool["result"] == "open":
        return f"open: {pool.get('knownSlowerSize', 0)} < S <= {pool['knownEquivalentSize']}"
    knee = pool["smallestEquivalentSize"]
    if knee == reference:
        return f"**{knee}** (the reference)"
    return f"**{knee}**: {deciding(size_entry(pool, knee))}, equivalent"


def knee_only(pool):
    if pool["result"] == "open":
        low = pool.get("knownSlowerSize")
        return f"open ({low} < S <= {pool['knownEquivalentSize']})" if low else f"open (S <= {pool['knownEquivalentSize']})"
    return f"**{pool['smallestEquivalentSize']}**"


def slower_text(pool):
    s = pool.get("nextSmallerSlowerSize")
    if s is None:
        return "none slower" if pool["result"] == "none-slower" else "-"
    return f"{s}: {deciding(size_entry(pool, s))}, slower"


def replicas_text(pool, server=False):
    r = pool.get("replicas")
    if not r:
        return "-"
    return f"{r['held']} ({r['heldDuringRollingUpdate']})" + (f" of {r['maxConnections']}" if server else "")


def table(data):
    rows = ["| pool | how big: the smallest size as fast as 16 (the interval that decided it) | one smaller: slower "
            "| predicted from one run (in-use p95) | HikariCP's formula (cores × 2 + spindles) "
            "| replicas a server of max_connections 151 holds at that size (during a rolling update) | search |",
            "|---|---|---|---|---|---|---|"]
    for profile, searches in by_pool(data).items():
        for name, pool, size, prov in searches:
            pred = pool.get("prediction", {})
            formula = pool.get("formula", {})
            when = f"{name[:10]} {name[11:13]}:{name[13:15]}, {size['duets']} duets, {size['wallMinutes']:.0f} min"
            when += quiet_before(prov)
            rows.append(f"| {profile} | {knee_text(pool, size['referenceSize'])} | {slower_text(pool)} "
                        f"| {pred.get('predictedSize', '-')} | {formula.get('size', '-')} "
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
    _legend(svg, 12, height - 12)
    return svg.render()


def _panel(svg, x0, y0, w, h, profile, pool, size, lo, hi):
    sizes = size["candidates"]
    smax = max(sizes)

    def px(s):
        return x0 + (s - 0.5) / (smax + 0.5) * w

    def py(v):
        return y0 + (hi - min(max(v, lo), hi)) / (hi - lo) * h

    svg.text(x0, y0 - 6, profile, size=13, weight="bold")
    margin_low = 100 * (1 / 1.05 - 1)
    svg.rect(x0, py(5), w, py(margin_low) - py(5), BAND)
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
    knee = pool.get("smallestEquivalentSize")
    for s in pool.get("sizes", []):
        d = s.get("decidingInterval") or {"lowPercent": s["ci95LowPercent"], "highPercent": s["ci95HighPercent"]}
        color = GOOD if s["verdict"] == "equivalent" else BAD if s["verdict"] == "slower" else MUTED
        if d["lowPercent"] is not None:
            svg.line(px(s["size"]), py(d["lowPercent"]), px(s["size"]), py(d["highPercent"]), stroke=color, width=2)
        value = 100 * (s["ratio"] - 1)
        if value < lo:
            svg.arrow(px(s["size"]), py(lo) + 4, False, color)
        svg.circle(px(s["size"]), py(value), 6 if s["size"] == knee else 3.5, color,
                   stroke=INK if s["size"] == knee else None)
    svg.circle(px(smax), py(0), 3.5, INK)
    svg.text(x0 + w, y0 + h + 42, f"knee {knee}" if knee else "open", size=11, anchor="end",
             fill=GOOD if knee else ORANGE, weight="bold")


def _legend(svg, x, y):
    items = [("circle", GOOD, "equivalent to size 16 (90 % interval)"), ("circle", BAD, "slower (95 %)"),
             ("circle", MUTED, "undecided"),
             ("dash", BLUE, "predicted from one run"), ("dot", MUTED, "HikariCP's formula"),
             ("band", None, "±5 %: as fast as 16"), ("circle", INK, "the knee: ringed")]
    for kind, color, label in items:
        if kind == "circle":
            svg.circle(x + 8, y - 4, 4, color)
        elif kind == "band":
            svg.rect(x, y - 10, 18, 12, BAND)
        else:
            svg.line(x, y - 4, x + 18, y - 4, stroke=color, width=1.5, dash="6,3" if kind == "dash" else "2,3")
        svg.text(x + 24, y, label, size=11, fill=MUTED)
        x += 24 + text_width(label, 11) + 18


def how_big_brief(data):
    """README's table: each pool's newest knee, its prediction, the formula and the replicas it leaves room for."""
    rows = ["| pool | how big: the smallest size as fast as 16 | predicted from one run | HikariCP's formula "
            "| replicas on a server of max_connections 151 (during a rolling update) |", "|---|---|---|---|---|"]
    for profile, searches in by_pool(data).items():
        name, pool, size, _ = searches[-1]
        rows.append(f"| {profile} | {knee_only(pool)} | {pool.get('prediction', {}).get('predictedSize', '-')} "
                    f"| {pool.get('formula', {}).get('size', '-')} | {replicas_text(pool)} |")
    return "\n".join(rows) + "\n"


def how_big_picture(data):
    svg = picture(data, "How big: throughput against pool size, each pool against itself at size 16",
                  "./poolbench size at LAN distance (a Toxiproxy hop, about 0.1 ms per round trip) on the project's "
                  "2-core VM, 8 load workers; each point a size's duets against size 16, with the interval that "
                  "decided its word; the knee is the smallest size as fast as 16")
    return ("![throughput against pool size per pool: the knee, the prediction from one run and HikariCP's "
            "formula]({root}/docs/images/how-big.svg)\n", {"docs/images/how-big.svg": svg})


def tried_text(pool):
    """Each size tried against the reference: its difference and word, then what contradicts the assumption."""
    tried = ", ".join(f"{e['size']}: {pct(100 * (e['ratio'] - 1))} {e['verdict']}"
                      for e in sorted(pool.get("sizes", []), key=lambda e: e["size"]))
    return "; ".join([tried or "none"] + pool.get("contradictions", []))


def postgres_beside_mariadb(data):
    """README's PostgreSQL part: each pool searched on PostgreSQL, its knee beside its MariaDB knee."""
    maria = by_pool(data)
    rows = ["| pool | MariaDB: how big (newest search) | PostgreSQL: how big | each size against 16 on PostgreSQL "
            "| predicted from one run | replicas a server of PostgreSQL's default max_connections holds (during a "
            "rolling update) | search |", "|---|---|---|---|---|---|---|"]
    for profile, searches in by_pool(data, "postgres").items():
        for name, pool, size, prov in searches:
            m = maria.get(profile)
            m_knee = knee_only(m[-1][1]) if m else "not searched"
            when = f"{name[:10]} {name[11:13]}:{name[13:15]}, {size['duets']} duets, {size['wallMinutes']:.0f} min"
            rows.append(f"| {profile} | {m_knee} | {knee_only(pool)} | {tried_text(pool)} "
                        f"| {pool.get('prediction', {}).get('predictedSize', '-')} | {replicas_text(pool, True)} "
                        f"| {when}{quiet_before(prov)} |")
    return "\n".join(rows) + "\n"
