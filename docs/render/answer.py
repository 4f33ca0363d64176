"""Which pool: the pooled answer over the kept shared-host sittings, as a table and a forest plot.

Every pool against hikari, ranked by its pooled estimate (a pool with one sitting by that
sitting's), from the runner's `sittings` (random effects, Paule-Mandel tau, Hartung-Knapp 95 %
interval). Nothing is recomputed here but the percent labels.
"""
import math

from .pools import LABELS
from .rows import rows_chart
from .svg import BAD, GOOD, INK, MUTED, ORANGE

MARGIN = 5.0


def pct(x):
    return f"{x:+.1f} %".replace("+-", "-") if round(x, 1) != 0 else "0.0 %"


def interval(low, high):
    return f"[{pct(low)[:-2]} .. {pct(high)[:-2]}]"


def profile_of(pair):
    """'tomcat vs hikari @10 (platform, JDK 17)' -> 'tomcat'; None for A/A pairs and plants."""
    head = pair["pair"].split(" @")[0]
    if pair.get("aa") or " plant " in head or not head.endswith(" vs hikari"):
        return None
    return head[:-len(" vs hikari")]


def days(pair):
    return sorted({e["sitting"][:10] for e in pair["sittings"]})


def estimate(pair):
    """(estimate, low, high, word, sittings): the pooled one, else the one sitting's."""
    if "pooled" in pair:
        r = pair["pooled"]
        return r["estimatePercent"], r["ci95LowPercent"], r["ci95HighPercent"], r["verdict"], r["k"]
    e = pair.get("reported") or pair["sittings"][-1]
    return e["estimatePercent"], e["ci95LowPercent"], e["ci95HighPercent"], e["text"], 1


def ranked(pairs):
    """[(profile, pair)] of every pool against hikari, best first."""
    found = [(profile_of(p), p) for p in pairs]
    return sorted(((name, p) for name, p in found if name), key=lambda t: -estimate(t[1])[0])


def words_of(pair):
    est, low, high, word, k = estimate(pair)
    d = days(pair)
    when = f"{k} sittings, {len(d)} day{'s' if len(d) > 1 else ''}" if k > 1 else f"1 sitting ({d[0]})"
    return est, low, high, word, when


def release_of(p):
    """(the pool's release, hikari's release and driver) of a pooled pair, from `sittings`' releases
    ("commons-dbcp2 2.14.0 vs HikariCP 7.0.2 on mysql-connector-j 9.7.0"); sittings pool only equal ones."""
    text = p.get("releases") or ""
    pools, _, driver = text.partition(" on ")
    mine, _, reference = pools.partition(" vs ")
    return mine or "?", (reference or mine or "?") + (f" on {driver}" if driver else "")


def table(pairs):
    rows = ["| rank | pool | release | against hikari [95 %] | word (equivalent: the 90 % interval inside ±5 %) "
            "| kept sittings (days) |", "|---:|---|---|---|---|---|"]
    references = {release_of(p)[1] for p in pairs}
    rows.append(f"| 1 | {LABELS['hikari']} | {' / '.join(sorted(references))} | the reference | | |")
    for i, (name, p) in enumerate(ranked(pairs), 2):
        est, low, high, word, when = words_of(p)
        rows.append(f"| {i} | {LABELS.get(name, name)} | {release_of(p)[0]} | **{pct(est)}** {interval(low, high)} "
                    f"| {word} | {when} |")
    return "\n".join(rows) + "\n"


def colour(word):
    """Green: as good as hikari or better; orange: slower within the margin; red: slower beyond it."""
    if word.startswith(("equivalent", "faster")):
        return GOOD
    if word.startswith("slower"):
        return ORANGE if "less than" in word else BAD
    return MUTED


def forest(pairs, title, subtitle):
    rows = [{"label": LABELS["hikari"], "thin": [], "thick": {"low": None, "mid": 0.0, "high": None, "color": INK},
             "words": "the reference: every duet runs a pool beside it", "words_color": INK}]
    for name, p in ranked(pairs):
        est, low, high, word, when = words_of(p)
        thin = [{"low": e["ci95LowPercent"], "mid": e["estimatePercent"], "high": e["ci95HighPercent"],
                 "color": "#9a9a9a"} for e in p["sittings"] if not math.isnan(e.get("ci95LowPercent") or math.nan)]
        thick = {"low": low, "mid": est, "high": high, "color": colour(word)} if "pooled" in p else None
        if thick is None:
            thin = [dict(t, color=colour(word)) for t in thin]
        rows.append({"label": LABELS.get(name, name), "thin": thin, "thick": thick,
                     "words": f"{pct(est)} {interval(low, high)} {word}; {when}", "words_color": colour(word)})
    lo, hi = -15.0, 10.0
    axis = {"lo": lo, "hi": hi, "ticks": [-15, -10, -5, 0, 5, 10], "zero": 0.0,
            "format": lambda t: f"{t:+d} %".replace("+0", "0"),
            "label": "throughput against hikari in shared-host duets (higher is better; beyond the axis: an arrow, "
                     "its figure on the right)",
            "band": (100 * (1 / (1 + MARGIN / 100) - 1), MARGIN)}
    legend = [("thin", "#9a9a9a", "one sitting, its within-sitting 95 % interval"),
              ("thick", INK, "pooled over the sittings, 95 %, coloured by its word"), ("band", None, f"±{MARGIN:.0f} %: equivalent")]
    return rows_chart(title, subtitle, rows, axis, headers=("pool", "pooled [95 %], word; kept sittings"),
                      legend=legend)


SUBTITLE = ("shared-host duets on the project's 2-core, 24 GB Debian 12 VM: each pool and hikari at the same "
            "time, embedded MariaDB on loopback, pools of 10, 8 load workers; pooled by ./poolbench sittings "
            "(random effects, Hartung-Knapp)")


def with_reported(data, pairs):
    """A pair kept from one sitting shows that sitting's interval as compare reported it (with the
    between-sitting term), not the within-sitting one the pooling starts from."""
    out = []
    for p in pairs:
        name = profile_of(p)
        if name and "pooled" not in p:
            sitting = data.json(f"docs/data/sittings/{p['sittings'][-1]['sitting']}.json")
            e = next(x for b in sitting["blocks"] for x in b.get("paired", []) if x["profile"] == name)
            p = dict(p, reported={"estimatePercent": e["differencePercent"], "ci95LowPercent": e["ci95LowPercent"],
                                  "ci95HighPercent": e["ci95HighPercent"], "text": e["text"]})
        out.append(p)
    return out


def which_pool(data):
    """README's table: every pool against hikari, ranked, pooled over the kept shared-host sittings."""
    return table(with_reported(data, data.pooled("shared-host-duet")))


def which_pool_picture(data):
    pairs = with_reported(data, data.pooled("shared-host-duet"))
    svg = forest(pairs, "Which pool: every pool's throughput against HikariCP, pooled over the kept sittings",
                 SUBTITLE)
    return ("![every pool against hikari: each kept sitting's interval in grey, the pooled one as a diamond, "
            "the ±5 % band in grey]({root}/docs/images/which-pool.svg)\n", {"docs/images/which-pool.svg": svg})
