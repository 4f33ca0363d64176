"""The figures of docs/validity.md, docs/planted-difference.md, docs/pools-comparison.md and the
kept sittings' list: pooled sittings per design (the runner's `sittings`), the designs side by side,
the duets' noise, the plants, one default comparison as it reported, the early look's simulated
rates (the runner's PowerTable, seeded).
"""
import os
import re

from .answer import interval, pct
from .data import DESIGNS, SITTINGS

DEFAULT = f"{SITTINGS}/2026-11-28-0148-shared-host-duet-default-five.json"
PAIRS = [("the `cpu:100us` plant", "hikari plant cpu:100us vs none"), ("nopool vs hikari", "nopool vs hikari"),
         ("dbcp2 vs hikari", "dbcp2 vs hikari"), ("A/A (hikari_2 vs hikari)", "hikari_2 vs hikari")]


def stamp(name):
    """'2026-11-28-0148-...' -> '2026-11-28 01:48'"""
    return f"{name[:10]} {name[11:13]}:{name[13:15]}"


def pooled_text(p, bold=False):
    r = p["pooled"]
    est = f"**{pct(r['estimatePercent'])}**" if bold else pct(r["estimatePercent"])
    return f"{est} {interval(r['ci95LowPercent'], r['ci95HighPercent'])}"


def paired(data, path, profile):
    for block in data.json(path)["blocks"]:
        for p in block.get("paired", []):
            if p["profile"] == profile:
                return p
    return None


def pooled(data, design):
    rows = ["| pair | sittings | pooled [95 %] | tau (PM) | Q on df | coverage: within only, with tau, as reported "
            "| words | decided words wrong |", "|---|---:|---|---:|---|---|---|---:|"]
    for p in data.pooled(design):
        if "pooled" not in p:
            continue
        r = p["pooled"]
        words = {}
        for s in p["sittings"]:
            words[s["verdict"]] = words.get(s["verdict"], 0) + 1
        k = len(p["sittings"])
        cov = ", ".join(f"{round(p[c] * k)}/{k}" for c in ("coverage", "coverageWithTau", "coverageAsReported"))
        rows.append(f"| {p['pair']} | {r['k']} | {pooled_text(p)}: {r['verdict']} | {r['tauPercent']:.2f} % "
                    f"| {r['q']:.2f} on {r['k'] - 1} | {cov} | "
                    + ", ".join(f"{w} {n}" for w, n in sorted(words.items()))
                    + f" | {p.get('wrongWords', 0)} of {p['decidedWords']} |")
    return "\n".join(rows) + "\n"


def designs(data):
    rows = ["| pair | " + " | ".join(DESIGNS) + " |", "|---|---|---|---|"]
    factors = {}
    for label, prefix in PAIRS:
        cells = []
        for d in DESIGNS:
            p = data.pair(d, prefix)
            if p and "pooled" in p:
                r = p["pooled"]
                cells.append(f"{pooled_text(p)}, {r['k']}: {r['verdict']}")
                factors.setdefault(prefix, {})[d] = r["meanLogRatio"]
            else:
                cells.append("not measured")
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    for label, prefix in PAIRS[:2]:
        f = factors.get(prefix, {})
        if "solo" in f:
            rows.append(f"| {label}: solo / design, in the log | "
                        + " | ".join(f"{f['solo'] / f[d]:.2f}" for d in DESIGNS[:2]) + " | 1 |")
    decided = wrong = 0
    for d in DESIGNS:
        for p in (p for p in data.pooled(d) if "pooled" in p):
            decided += p["decidedWords"]
            wrong += p.get("wrongWords", 0)
    return ("\n".join(rows) + "\n\n"
            f"Over the three designs the sittings printed {decided} decided words (faster, slower, "
            f"equivalent); {wrong} of them false of the A/A's 0 or of the pooled estimate.\n")


def noise(data):
    rows = ["| design | A/A | dbcp2 vs hikari | nopool vs hikari |", "|---|---|---|---|"]
    for d in DESIGNS:
        cells = []
        for profile in ("hikari_2", "dbcp2", "nopool"):
            sds = [100 * p["sdLogRatio"] for f in data.sittings(d)
                   if (p := paired(data, f, profile)) and p.get("sdLogRatio") is not None]
            cells.append(f"{min(sds):.1f}-{max(sds):.1f} % ({len(sds)})" if sds else "-")
        rows.append(f"| {d} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def default_compare(data, path=DEFAULT):
    s = data.json(path)
    rows = [f"| pool | with tau {s['betweenSitting']['sdPercent']} % (what compare reported) | 90 % | within-sitting only "
            "| word |", "|---|---|---|---|---|"]
    for block in s["blocks"]:
        for p in block["paired"]:
            rows.append(f"| {p['profile']} | {pct(p['differencePercent'])} "
                        f"{interval(p['ci95LowPercent'], p['ci95HighPercent'])} "
                        f"| {interval(p['ci90LowPercent'], p['ci90HighPercent'])} "
                        f"| {interval(p['ci95WithinLowPercent'], p['ci95WithinHighPercent'])} | {p['text']} |")
    return f"`{s['settings']}`\n\n" + "\n".join(rows) + "\n"


def kept_sittings(data):
    """A row per design, subject and settings: the sittings that share them, by their start."""
    groups = {}
    for d in DESIGNS:
        for f in data.sittings(d):
            name = os.path.basename(f)[:-5]
            s = data.json(f)
            group = groups.setdefault((d, name[16 + len(d) + 1:], s["settings"].replace("|", "\\|")), [[], 0, 0])
            group[0].append(stamp(name))
            group[1] += s["counted"]
            group[2] += s["runs"]
    rows = ["| sittings (UTC) | design | what | settings (summary.json) | runs counted |",
            "|---|---|---|---|---:|"]
    for (d, what, settings), (stamps, counted, runs) in groups.items():
        rows.append(f"| {starts(stamps)} | {d} | {what} | {settings} | {counted} of {runs} |")
    return "\n".join(rows) + "\n"


def starts(stamps):
    """'2026-11-28 02:55, 03:21; 2026-11-29 08:59': each day once."""
    days = {}
    for s in stamps:
        days.setdefault(s[:10], []).append(s[11:])
    return "; ".join(f"{day} {', '.join(times)}" for day, times in days.items())


def plants(data):
    rows = ["| plant | " + " | ".join(DESIGNS) + " |", "|---|---|---|---|"]
    for plant in ("cpu:100us", "wait:3000us"):
        cells = []
        for d in DESIGNS:
            p = data.pair(d, f"hikari plant {plant} vs none")
            if p is None:
                cells.append("not measured")
            elif "pooled" in p:
                cells.append(f"{pooled_text(p)}: {p['pooled']['verdict']} (pooled, {p['pooled']['k']} sittings)")
            else:
                e = p["sittings"][0]
                cells.append(f"{pct(e['estimatePercent'])} {interval(e['ci95LowPercent'], e['ci95HighPercent'])}: "
                             f"{e['verdict']} (one sitting, {e['n']} rounds)")
        rows.append(f"| `{plant}` | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


EARLY_LOOK_ARGS = ["--cv", "2,3", "--rounds", "3", "--until-decided", "6", "--differences", "5",
                   "--simulations", "20000"]


def power_table(data, *args):
    """stats.PowerTable's rows (seeded: the same table every time), as lists of cells."""
    import re
    out = data.java("dev.poolbench.bench.compare.stats.PowerTable", *args)
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in out.splitlines()
            if re.match(r"\| [\d.]+ % \|", line)]


def early_look(data):
    """The sequential rule with and without its early look, on the same simulated comparisons."""
    rows = ["| per-run CV | early look | A/A: false faster/slower | A/A: equivalent | A/A: mean duets "
            "| power, 5 % faster |",
            "|---:|---|---:|---:|---:|---:|"]
    without = power_table(data, *EARLY_LOOK_ARGS)
    with_look = power_table(data, *EARLY_LOOK_ARGS, "--early-look")
    for a, b in zip(without, with_look):
        for cells, look in ((a, "no"), (b, "yes")):
            rows.append(f"| {cells[0]} | {look} | {cells[2]} | {cells[3]} | {cells[4]} | {cells[5]} |")
    return "\n".join(rows) + "\n\nReproduce: `PowerTable " + " ".join(EARLY_LOOK_ARGS) + " [--early-look]`.\n"


def per_pair_term(data):
    """The between-sitting sd per pair as the model gives it, and each pair's check on other days."""
    model = data.between_sd("shared-host-duet")
    base, slope = model["basePercent"], model["slopePerLog"]
    rows = ["| pair | sittings (days) | its own tau, pooled | the model's tau at its difference "
            "| other days: held by the model | held by the base alone |", "|---|---|---:|---:|---|---|"]
    for p in data.pooled("shared-host-duet"):
        if "pooled" not in p:
            continue
        r = p["pooled"]
        days = sorted({e["sitting"][:10] for e in p["sittings"]})
        at = (base ** 2 + (100 * slope * r["meanLogRatio"]) ** 2) ** 0.5
        o = p.get("otherDays", {})
        checked = o.get("checked", 0)
        held = f"{o['coveredWithModel']} of {checked}" if checked else "one day only"
        held_base = f"{o['coveredWithBaseOnly']} of {checked}" if checked else "-"
        rows.append(f"| {p['pair'].split(' @')[0]} | {r['k']} ({len(days)}: {', '.join(days)}) "
                    f"| {r['tauPercent']:.2f} % | {at:.2f} % | {held} | {held_base} |")
    return (f"The term, fitted to the kept sittings by `./poolbench sittings`: {model['text']}, "
            f"base {base:.2f} %, slope {slope:.4f} per unit of log ratio.\n\n" + "\n".join(rows) + "\n")


def all_pools_compare(data):
    """The newest kept sitting of every pool (`--profiles all`, kept as `all` or `all-...`), as compare
    reported it."""
    kept = [f for f in data.sittings("shared-host-duet") if re.search(r"-shared-host-duet-all(-[\w-]+)?\.json$", f)]
    if not kept:
        return "No sitting of every pool kept yet.\n"
    return f"Sitting {stamp(os.path.basename(kept[-1]))} UTC:\n\n" + default_compare(data, kept[-1])
