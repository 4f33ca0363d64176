"""One dimension of the run plan measured in one kept sitting (docs/data/dimensions/<subject>/*.json,
a comparison's summary.json, provenance beside it in provenance/): the session store (Redis) or the
thread mode (virtual threads). Each pair as the runner decided it: the difference, the interval that
decided it and the word. Nothing is recomputed here.
"""
import os

from .answer import interval, pct
from .data import quiet_before

DIMENSIONS = "docs/data/dimensions"


def kept(data, subject):
    """[(name, summary.json, provenance)] of a subject, oldest first."""
    found = []
    for path in data.glob(f"{DIMENSIONS}/{subject}/*.json"):
        name = os.path.basename(path)[:-len(".json")]
        prov = data.optional_json(f"{DIMENSIONS}/{subject}/provenance/{name}.json")
        found.append((name, data.json(path), prov))
    if not found:
        raise SystemExit(f"figures: nothing kept under {DIMENSIONS}/{subject}")
    return found


def deciding(p):
    d = p.get("decidingInterval")
    if d:
        return f"{pct(p['differencePercent'])}, {d['level']} % {interval(d['lowPercent'], d['highPercent'])}"
    return f"{pct(p['differencePercent'])}, 95 % {interval(p['ci95LowPercent'], p['ci95HighPercent'])}"


def block_label(block):
    parts = [f"pool size {block['poolSize']}"]
    if block.get("threads"):
        parts.append(f"{block['threads']} threads")
    if block.get("jdk"):
        parts.append(f"JDK {block['jdk']}")
    return ", ".join(parts)


def sitting_table(data, subject):
    """A table per kept sitting of the subject: each pair against its reference."""
    lines = []
    for name, summary, prov in kept(data, subject):
        took = f"{summary['wallSeconds'] / 60:.0f} min" if summary.get("wallSeconds") else "wall time not recorded"
        disturbed = summary.get("disturbedRuns")
        lines += [f"Sitting {name}: `{prov.get('command', 'command not kept')}` ({summary.get('runs', '?')} runs, "
                  f"{disturbed if disturbed is not None else '?'} disturbed, {took}{quiet_before(prov)}).", "",
                  "| block | pair | difference, deciding interval | word | rounds |", "|---|---|---|---|---:|"]
        for block in summary["blocks"]:
            for p in block["paired"]:
                word = p["verdict"] + (f", {p['statement']}" if p.get("statement") else "")
                lines.append(f"| {block_label(block)} | {p['profile']} vs {p['reference']} | {deciding(p)} | {word} | "
                             f"{p['rounds']} |")
        lines.append("")
    return "\n".join(lines)
