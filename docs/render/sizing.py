"""How big, for the user's own service (issue 53): the README's brief of the knees with the prediction's rule and
its check, the check of every candidate rule on every kept search, and the knee against the offered load
L = λ × W with the rule's line through it. The searches are size.py's (re-derived by `size.KeptSearch`).
"""
from .size import (by_pool, database_of, distance_of, kept, knee_only, margin_of, offered_load, place_of, release_of,
                   replicas_text, rule_name, workers_of)
from .pools import ORDER
from .svg import BLUE, GRID, INK, MUTED, Svg, colour, wrap


def how_big_brief(data):
    """README's table: each pool's knee on each day searched, the newest search's prediction, the formula and the
    replicas it leaves room for; under it the chosen rule's check over every search that measured it."""
    searches_by_pool = by_pool(data)
    first = next(iter(searches_by_pool.values()))[0][2]
    rows = [f"| pool | release | how big: the smallest size within {margin_of(first)} of {first['referenceSize']} (day) "
            "| predicted from one run | HikariCP's formula "
            "| replicas on a server of max_connections 151 (during a rolling update) |", "|---|---|---|---|---|---|"]
    for profile, searches in searches_by_pool.items():
        _, pool, _, _ = searches[-1]
        knees = "; ".join(f"{n[5:10]}: {knee_only(p)}" for n, p, _, _ in searches)
        rows.append(f"| {profile} | {releases_text(data, searches, profile)} | {knees} "
                    f"| {pool.get('prediction', {}).get('predictedSize', '-')} "
                    f"| {pool.get('formula', {}).get('size', '-')} | {replicas_text(pool)} |")
    return "\n".join(rows) + "\n\n" + rule_summary(data) + "\n"


def releases_text(data, searches, profile):
    """The releases a pool's knees ran: the one, or each with its day (as the knees name theirs) when they differ."""
    releases = [(n[5:10], release_of(data, n, profile)) for n, _, _, _ in searches]
    if len({release for _, release in releases}) == 1:
        return releases[0][1]
    return "; ".join(f"{day}: {release}" for day, release in releases)


# The candidate rules were compared on the searches started before this (2026-12-07's first four with the count at
# every borrow) to choose size.SizingRules.CHOSEN_RULE; the searches started later check every rule out of sample.
RULE_CHOSEN_AT = "2026-12-07-1100"


def all_kept(data):
    """Every kept search: each database, place and load."""
    return kept(data, "mariadb", workers=None, distance=None) + kept(data, "postgres", workers=None, distance=None) \
        + kept(data, "mariadb", "fleet", workers=None)


def rule_summary(data):
    """One line: the predictions' rule and how it stood to the knee in every search it could be checked on, in and
    out of the sample it was chosen on."""
    words, rules = {}, set()
    for name, size, _ in all_kept(data):
        for pool in size["pools"]:
            prediction = pool.get("prediction", {})
            checks = prediction.get("ruleChecks")
            check = checks.get(prediction.get("predictedFrom")) if isinstance(checks, dict) else None
            if isinstance(check, dict):
                rules.add(prediction["predictedFrom"])
                sample = "later" if name[:15] > RULE_CHOSEN_AT else "before"
                words.setdefault(sample, {}).setdefault(check["word"], 0)
                words[sample][check["word"]] += 1
    if not words:
        return "No kept search has measured the prediction's rule yet."
    parts = []
    for sample, label in (("before", "searches it was chosen on"), ("later", "searches after it was chosen")):
        w = words.get(sample)
        if w:
            n = w.get("holds", 0) + w.get("undersizes", 0) + w.get("oversizes", 0)
            parts.append(f"{w.get('holds', 0)} of the {n} {label}"
                         + (" (" + ", ".join(f"{k} {w[k]}" for k in ("undersizes", "oversizes") if w.get(k)) + ")"
                            if w.get("undersizes") or w.get("oversizes") else ""))
    return (f"Predicted from one run: the {' / '.join(sorted(rule_name(r) for r in rules))} over time, at or above the "
            f"knee and at most one size over it in " + ", and in ".join(parts) + " (searches with a knee).")


RULE_CHECK_WORDS = ("holds", "undersizes", "oversizes")


def rule_check(data):
    """pool-size-sweep.md's check of the sizing rules (issue 53): per kept search, each candidate rule's size from its
    reference run against the re-derived knee (`size.SizingRules.check`: holds when at or above the knee and at most
    one size step over it); searches kept before the rules were measured at every borrow say so, with no numbers."""
    searches = all_kept(data)
    rows = ["| search | pool | how big (re-derived) | each rule's size from one run against it |", "|---|---|---|---|"]
    tally = {}
    for name, size, _ in searches:
        when = (f"{name[:10]} {name[11:13]}:{name[13:15]}" + (" (PostgreSQL)" if database_of(name) == "postgres" else "")
                + (" (fleet)" if place_of(name) == "fleet" else f" ({distance_of(name)})" if distance_of(name) != "lan"
                   else "") + (f" ({workers_of(name)} workers)"
                                                                         if workers_of(name) != 8 else ""))
        for pool in size["pools"]:
            checks = pool.get("prediction", {}).get("ruleChecks", "no borrow-resolution data")
            if isinstance(checks, dict):
                sample = "later" if name[:15] > RULE_CHOSEN_AT else "before"
                for rule, c in checks.items():
                    t = tally.setdefault(rule, {}).setdefault(sample, {w: 0 for w in RULE_CHECK_WORDS + ("no knee",)})
                    t[c["word"] if c["word"] in t else "no knee"] += 1
                cell = ", ".join(f"{rule_name(rule)} {c['size']} {c['word']}" for rule, c in checks.items())
            else:
                continue  # kept before the in-use count was measured at every borrow (the prose says so)
            rows.append(f"| {when} | {pool['profile']} | {knee_only(pool)} | {cell} |")
    if not tally:
        rows.append("\nNo kept search has a rule checked yet.")
    else:
        rows.append("\nPer rule, over the searches with a knee, before the rule was chosen and after: " + "; ".join(
            f"{rule_name(rule)} " + ", then ".join(tally_text(by_sample[s]) for s in ("before", "later") if s in by_sample)
            for rule, by_sample in sorted(tally.items(), key=lambda t: not t[0].startswith("inUse"))) + ".")
    return "\n".join(rows) + "\n"


def tally_text(t):
    """holds in 3 of 4 (undersizes 1)"""
    n = t["holds"] + t["undersizes"] + t["oversizes"]
    off = ", ".join(f"{w} {t[w]}" for w in ("undersizes", "oversizes") if t[w])
    return f"holds in {t['holds']} of {n}" + (f" ({off})" if off else "")


def load_points(data):
    """[(name, pool entry)] of every local MariaDB search at any load or distance whose reference run measured L."""
    return [(name, pool) for name, size, _ in kept(data, workers=None, distance=None) for pool in size["pools"]
            if pool.get("prediction", {}).get("inUseMean") is not None]


def catalogue_place(profile):
    """A pool's place in the catalogue (an unknown one after them all)."""
    return ORDER.index(profile) if profile in ORDER else len(ORDER)


def pool_colour(profile):
    """A pool's colour in every picture: by its place in the catalogue, after the blue of the predictions."""
    return colour(1 + catalogue_place(profile))


def knee_against_load(data):
    """pool-size-sweep.md: each local search's knee against its offered load L = λ × W (the reference run's
    borrows per second × mean hold), at its load workers and distance, with the prediction's rule beside it."""
    rows = ["| search | pool | load workers | distance | L = λ × W | how big | predicted (rule) |",
            "|---|---|---|---|---|---|---|"]
    for name, pool in load_points(data):
        pred = pool["prediction"]
        rows.append(f"| {name[:10]} {name[11:13]}:{name[13:15]} | {pool['profile']} | {workers_of(name)} "
                    f"| {distance_of(name)} | {offered_load(pool)} | {knee_only(pool)} "
                    f"| {pred['predictedSize']} ({rule_name(pred['predictedFrom'])}) |")
    svg = load_picture(data)
    return ("\n".join(rows) + "\n\n![each search's knee against its offered load L, the prediction's rule as a line]"
            "({root}/docs/images/knee-against-load.svg)\n", {"docs/images/knee-against-load.svg": svg})


def load_picture(data):
    """Pool size against L: each search's knee as a dot (one colour per pool; ringed when the size under it was not
    shown to lose more: the knee may be lower), the prediction from its reference run as a blue bar, and
    ceil(L + 2√L), the rule from L alone that held most often out of sample, as a dashed line."""
    points = [(pool["prediction"]["inUseMean"], pool.get("kneeSize"), pool) for _, pool in load_points(data)]
    pools = sorted({p["profile"] for _, _, p in points}, key=catalogue_place)
    width, height, left, top, plot_w, plot_h = 900, 440, 60, 96, 540, 290
    l_max = max([4.0] + [l * 1.2 for l, _, _ in points])
    s_max = 16
    svg = Svg(width, height, "How big against the offered load")
    svg.text(12, 26, "How big against the offered load L = λ × W: each search's knee and its prediction", size=15,
             weight="bold")
    loads = ", ".join(str(w) for w in sorted({workers_of(name) for name, _ in load_points(data)}))
    distances = ", ".join(sorted({distance_of(name) for name, _ in load_points(data)}))
    for i, line in enumerate(wrap(f"./poolbench size at {distances}; {loads} load workers; L is the reference run's "
                                  "(pool of 16) borrows per second × mean hold", 11, width - 24)):
        svg.text(12, 46 + 15 * i, line, size=11, fill=MUTED)

    def px(l):
        return left + l / l_max * plot_w

    def py(size):
        return top + plot_h - size / s_max * plot_h

    for size in range(0, s_max + 1, 2):
        svg.line(left, py(size), left + plot_w, py(size), stroke=GRID, width=0.6)
        svg.text(left - 6, py(size) + 4, str(size), size=10, anchor="end", fill=MUTED)
    for k in range(0, int(l_max) + 1):
        svg.text(px(k), top + plot_h + 14, str(k), size=10, anchor="middle", fill=MUTED)
    svg.text(left + plot_w / 2, top + plot_h + 32, "L: connections in use on average", size=11, anchor="middle")
    svg.text(left - 46, top - 10, "pool size", size=11, fill=MUTED)
    prev = None
    for i in range(0, 401):
        l = l_max * i / 400
        size = min(s_max, max(1, -(-(l + 2 * l ** 0.5) // 1)))
        if prev is not None:
            svg.line(px(prev[0]), py(prev[1]), px(l), py(prev[1]), stroke=MUTED, width=1.2, dash="5,3")
            if size != prev[1]:
                svg.line(px(l), py(prev[1]), px(l), py(size), stroke=MUTED, width=1.2, dash="5,3")
        prev = (l, size)
    for l, knee, pool in points:
        predicted = pool["prediction"].get("predictedSize")
        if predicted:
            svg.line(px(l) - 8, py(predicted), px(l) + 8, py(predicted), stroke=BLUE, width=2.5)
        if knee is None:
            continue
        color = pool_colour(pool["profile"])
        unsure = pool["result"] == "knee" and pool["nextSmallerShown"] != "beyond"
        svg.circle(px(l), py(knee), 5, "#ffffff" if unsure else color, stroke=color)
    x, y = left + plot_w + 24, top + 4
    svg.line(x, y - 4, x + 18, y - 4, stroke=BLUE, width=2.5)
    svg.text(x + 24, y, "predicted from one run (its rule)", size=11, fill=MUTED)
    y += 20
    svg.line(x, y - 4, x + 18, y - 4, stroke=MUTED, width=1.2, dash="5,3")
    svg.text(x + 24, y, "L + 2√L, rounded up (from L alone)", size=11, fill=MUTED)
    for profile in pools:
        y += 20
        color = pool_colour(profile)
        svg.circle(x + 9, y - 4, 5, color, stroke=color)
        svg.text(x + 24, y, f"{profile}: the knee", size=11, fill=MUTED)
    y += 20
    svg.circle(x + 9, y - 4, 5, "#ffffff", stroke=INK)
    svg.text(x + 24, y, "ringed: the size under it not shown", size=11, fill=MUTED)
    svg.text(x + 24, y + 14, "to lose more (the knee may be lower)", size=11, fill=MUTED)
    open_count = sum(1 for _, k, _ in points if k is None)
    if open_count:
        svg.text(x, y + 40, f"{open_count} search(es) open: not drawn", size=11, fill=MUTED)
    return svg.render()
