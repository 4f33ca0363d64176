"""One dimension of the run plan measured in one kept sitting (docs/data/dimensions/<subject>/*.json,
a comparison's summary.json, provenance beside it in provenance/): the session store (Redis) or the
thread mode (virtual threads). Each pair as the runner decided it: the difference, the interval that
decided it and the word. Nothing is recomputed here.
"""
import os
import re

from .answer import interval, pct
from .data import command, quiet_before

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


def pairs(summary):
    """[(block label, pair label, pair)]: pools against the reference per block, and the session
    stores against each other per pool (summary.json sessionStores); a pair never measured (no
    round with both runs, as redis-pooled vs redis-shared when each ran against memory) is left out."""
    found = [(block_label(b), f"{p['profile']} vs {p['reference']}", p) for b in summary["blocks"] for p in b["paired"]]
    found += [(f"pool size {p['poolSize']}, {p['variant']}", f"{p['profile']}: session in {p['session']} vs "
               f"{p['reference']}", p) for p in summary.get("sessionStores", [])]
    return [t for t in found if t[2].get("rounds") and t[2].get("differencePercent") is not None]


def sitting_table(data, subject):
    """A table per kept sitting of the subject: each pair against its reference."""
    lines = []
    for name, summary, prov in kept(data, subject):
        took = f"{summary['wallSeconds'] / 60:.0f} min" if summary.get("wallSeconds") else "wall time not recorded"
        disturbed = summary.get("disturbedRuns")
        disturbed = len(disturbed) if isinstance(disturbed, list) else disturbed
        lines += [f"Sitting {name}: `{command(prov)}` ({summary.get('runs', '?')} runs, "
                  f"{disturbed if disturbed is not None else '?'} disturbed, {took}{quiet_before(prov)}; "
                  f"{sitting_releases(summary)}).", "",
                  "| block | pair | difference, deciding interval | word | rounds |", "|---|---|---|---|---:|"]
        for label, pair, p in pairs(summary):
            word = p["verdict"] + (f", {p['statement']}" if p.get("statement") else "")
            lines.append(f"| {label} | {pair} | {deciding(p)} | {word} | {p['rounds']} |")
        lines.append("")
    return "\n".join(lines)


def sitting_releases(summary):
    """The pool and driver releases the sitting's apps reported (summary.json releases), or that none were recorded."""
    found = summary.get("releases") or {}
    names = sorted({r[k] for r in found.values() for k in ("pool", "driver") if r.get(k)})
    return "releases " + ", ".join(names) if names else "releases not recorded"


def thread_figures(data, subject):
    """Per block and pool of the newest kept sitting: the acquire-time p99 and the app JVM's
    thread figures (peak waiting threads, pinned events, carrier threads), means over its runs."""
    name, summary, _ = kept(data, subject)[-1]
    lines = [f"Sitting {name}, means over the counted runs:", "",
             "| block | pool | acquire p99 ms | peak threads waiting | pinned events | carrier threads |",
             "|---|---|---:|---:|---:|---:|"]
    for block in summary["blocks"]:
        threads = {t["profile"]: t for t in block.get("threadFigures", [])}
        for row in block["rows"]:
            t = threads.get(row["profile"], {})
            acquire = row.get("meanAcquireP99Millis")
            lines.append(f"| {block_label(block)} | {row['profile']} | "
                         f"{'-' if acquire is None else f'{acquire:,.1f}'} | "
                         f"{t.get('meanPeakPending', row.get('meanPeakPending', 0)):.0f} | "
                         f"{t.get('meanPinnedEvents', 0):.0f} | {t.get('meanCarrierThreads', 0):.0f} |")
    return "\n".join(lines) + "\n"


def release_word(p):
    """The word and the interval that decided it: 90 % for equivalent, else 95 %."""
    level, low, high = (90, p["ci90LowPercent"], p["ci90HighPercent"]) if p["verdict"].startswith("equivalent") \
        else (95, p["ci95LowPercent"], p["ci95HighPercent"])
    shown = interval(low, high) if low is not None else "[no interval]"
    return f"{pct(p['differencePercent'])}, {level} % {shown}", p["verdict"]


def carries(data, word, variant, new_release):
    """Whether an answer kept on the old release holds for the new one: only when they are equivalent; when not,
    the kept sitting of the thread mode's answer that ran the new release, if there is one."""
    if word.startswith("equivalent"):
        return "carry over"
    if variant.startswith("virtual"):
        again = [name for name, summary, _ in kept(data, "virtual-threads")
                 if any(r.get("pool") == new_release for r in (summary.get("releases") or {}).values())]
        if again:
            return f"measured again on the new release: [virtual-threads.md](virtual-threads.md), sitting {again[-1]}"
    return "to be measured again on the new release"


def releases_table(data):
    """Old release against new, one row per pool, thread mode and kept sitting of `--pool-version`
    (docs/data/dimensions/releases): the releases as the apps reported them (summary.json's
    releases), the difference with the interval that decided it, the word."""
    lines = ["| pool (or driver) | old release | new release | threads, JDK, pool size, workload | new against old, "
             "deciding interval | word | the answers kept on the old release | duets | sitting |",
             "|---|---|---|---|---|---|---|---:|---|"]
    for name, summary, prov in kept(data, "releases"):
        releases = summary.get("releases", {})
        workload = re.search(r"workload (\d+)", summary.get("settings", ""))
        for p in summary.get("appBuilds", []):
            old = releases.get(f"{p['profile']}@{p['reference']}", {})
            new = releases.get(f"{p['profile']}@{p['build']}", {})
            # A driver's releases (--pool-version mysql=...) run under one pool release: name the driver's.
            part = "driver" if old.get("pool") == new.get("pool") else "pool"
            subject = f"the driver, under {p['profile']}" if part == "driver" else p["profile"]
            difference, word = release_word(p)
            lines.append(f"| {subject} | {old.get(part, p['reference'])} | {new.get(part, p['build'])} | {p['variant']}, {p['poolSize']}, "
                         f"{workload.group(1) if workload else '?'} | {difference} | {word} | {carries(data, word, p['variant'], new.get('pool'))} "
                         f"| {p['rounds']} | "
                         f"{name}: `{command(prov)}`{quiet_before(prov)} |")
    return "\n".join(lines) + "\n"
