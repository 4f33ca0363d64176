"""What a comparison on the local fleet measures against the same comparison run locally on the same
machine (docs/data/dimensions/fleet/*.json: comparisons' summary.json, provenance beside them in
provenance/, kept with `keep.py dimension RESULTS fleet`). Per kept sitting: where its lanes ran,
each pool's mean score per lane, the second pool's difference against the first with the interval
that decided it, and the sd of the duets' log-ratio (the noise a duet leaves). Nothing is
recomputed here but the sd as a percentage.
"""
from urllib.parse import urlparse

from .answer import estimate, release_of
from .data import command, quiet_before
from .dimension import deciding, kept

SUBJECT = "fleet"


def placement(prov):
    """Where the sitting's two lanes ran, from the options its provenance kept."""
    options = prov.get("options") or {}
    if not options.get("appUrl"):
        if options.get("lanes") == "isolated":
            return "local: a MariaDB server and a CPU per lane"
        return "local: both lanes' apps on the machine, both databases in one MariaDB"
    first, second = (urlparse(options.get(k) or "").hostname for k in ("appUrl", "secondAppUrl"))
    if second and second != first:
        return "fleet: an app host and a db host per lane"
    return "fleet: both lanes' apps on one host, both databases in one MariaDB"


def compared(summary):
    """(reference row, other row, pair) of the sitting's one pair; None when it has none."""
    for block in summary["blocks"]:
        rows = {r["profile"]: r for r in block["rows"]}
        for p in block["paired"]:
            if p.get("differencePercent") is not None and p["profile"] in rows and p["reference"] in rows:
                return rows[p["reference"]], rows[p["profile"]], p
    return None


def disturbed_count(summary):
    """The runs the disturbance sentinel marked (summary.json keeps a list, older ones a count)."""
    disturbed = summary.get("disturbedRuns")
    return len(disturbed) if isinstance(disturbed, list) else disturbed


def beside_local(data):
    """The table of the fleet's page: one row per kept sitting, oldest first."""
    lines = ["| sitting | lanes | runs (disturbed) | reference score | other's score | other vs reference, "
             "deciding interval | duet log-ratio sd |", "|---|---|---:|---:|---:|---|---:|"]
    notes = []
    for name, summary, prov in kept(data, SUBJECT):
        found = compared(summary)
        if found is None:
            raise SystemExit(f"figures: the fleet sitting {name} has no decided pair with both pools' rows")
        ref, other, p = found
        disturbed = disturbed_count(summary)
        sd = "-" if p.get("sdLogRatio") is None else f"{100 * p['sdLogRatio']:.1f} %"
        lines.append(f"| {name} | {placement(prov)} | {summary.get('runs', '?')} ({disturbed}) | "
                     f"{ref['profile']} {ref['mean']:,.0f} | {other['profile']} {other['mean']:,.0f} | "
                     f"{deciding(p)}, {p['verdict']} | {sd} |")
        notes.append(f"{name}: `{command(prov)}`{quiet_before(prov)}")
    return "\n".join(lines + ["", "Commands: " + "; ".join(notes) + "."]) + "\n"


DEFAULT_SUBJECT = "fleet-default"


def default_comparison(data):
    """bench.yml's default comparison on the local fleet (docs/data/dimensions/fleet-default/, kept with
    `keep.py dimension RESULTS fleet-default`): per pool its mean score and run-to-run spread, and its
    difference from the reference with the interval that decided it; the sitting's runs, the runs
    the disturbance sentinel marked, its wall time and each run's mean fixed cost (app start, load
    start, report and exit) beside the warm-up and measurement."""
    lines = ["| pool | mean score | run-to-run cv | against the reference, deciding interval | word |",
             "|---|---:|---:|---|---|"]
    notes = []
    for name, summary, prov in kept(data, DEFAULT_SUBJECT):
        for block in summary["blocks"]:
            paired = {p["profile"]: p for p in block["paired"]}
            for row in sorted(block["rows"], key=lambda r: -r["mean"]):
                p = paired.get(row["profile"])
                against = "the reference" if p is None else deciding(p)
                word = "" if p is None else p["verdict"]
                lines.append(f"| {row['profile']} | {row['mean']:,.0f} | {row['cvPercent']:.1f} % | {against} | {word} |")
        disturbed = disturbed_count(summary)
        cost = summary.get("meanFixedCostSeconds")
        cost = "" if cost is None else f" (each run's fixed cost: app start, load start, report and exit, {cost:.0f} s on average)"
        notes.append(f"Sitting {name}: `{command(prov)}`: {summary.get('runs', '?')} runs, {disturbed} marked disturbed "
                     f"by the sentinel, {summary.get('wallSeconds', prov.get('wallSeconds', 0)) / 60:.0f} min{cost}"
                     f"{quiet_before(prov)}.")
    return "\n".join(lines + [""] + notes) + "\n"


DUETS_SUBJECT = "fleet-duets"


def contradicts(fleet_word, fleet_pair, local_word, local_low, local_high, margin=5.0):
    """Whether two words say incompatible things: one faster and the other slower, or one equivalent
    (inside ±margin) while the other's 95 % interval lies wholly outside it. "Slower, by less than 5 %"
    and "equivalent" agree; "undecided" contradicts nothing (its bound is shown beside it)."""
    def direction(word):
        return "+" if word.startswith("faster") else "-" if word.startswith("slower") else None
    if {direction(fleet_word), direction(local_word)} == {"+", "-"}:
        return True
    outside = lambda low, high: low is not None and (low > margin or high < -margin)
    return (fleet_word.startswith("equivalent") and outside(local_low, local_high)) or \
        (local_word.startswith("equivalent") and outside(fleet_pair.get("ci95LowPercent"), fleet_pair.get("ci95HighPercent")))


def duets_beside_local(data):
    """bench.yml's default (duets until decided) on the local fleet (docs/data/dimensions/fleet-duets/,
    kept with `keep.py dimension RESULTS fleet-duets`) beside the local answer: per pair the fleet's
    word with its deciding interval (and its bound when undecided), the word pooled over the kept local
    shared-host sittings (the README's which-pool), and whether they agree."""
    lines = ["| pair | on the fleet: against hikari, deciding interval, word | locally, pooled over the kept "
             "sittings | agree |", "|---|---|---|---|"]
    notes = []
    for name, summary, prov in kept(data, DUETS_SUBJECT):
        for block in summary["blocks"]:
            for p in block["paired"]:
                interval_text = deciding(p) if p.get("ci95LowPercent") is not None else "no interval"
                word = p["text"] + (f" ({p['statement']})" if p.get("statement") and p["verdict"] == "undecided" else "")
                local = data.pair("shared-host-duet", f"{p['profile']} vs {p['reference']}")
                if local is None:
                    lines.append(f"| {p['profile']} vs {p['reference']} | {interval_text}: {word} | not measured | |")
                    continue
                est, low, high, local_word, k = estimate(local)
                agree = "**no**" if contradicts(p["text"], p, local_word, low, high) else "yes"
                lines.append(f"| {p['profile']} vs {p['reference']} | {interval_text}: {word} | {deciding({'differencePercent': est, 'ci95LowPercent': low, 'ci95HighPercent': high})}: "
                             f"{local_word} ({k} sitting{'s' if k > 1 else ''}; {release_of(local)[0]}) | {agree} |")
        releases = summary.get("releases") or {}
        named = ", ".join(sorted({v["pool"] for v in releases.values()} | {v["driver"] for v in releases.values()}))
        notes.append(f"Sitting {name}: `{command(prov)}`: {summary.get('runs', '?')} runs, {disturbed_count(summary)} "
                     f"marked disturbed by the sentinel, {summary.get('wallSeconds', prov.get('wallSeconds', 0)) / 60:.0f} min, "
                     f"{summary.get('roundsStopReason') or 'rounds as planned'}{quiet_before(prov)}"
                     + (f"; releases: {named}" if named else "") + ".")
    return "\n".join(lines + [""] + notes) + "\n"

