"""Does the answer carry over to PostgreSQL? The kept PostgreSQL sittings (docs/data/dimensions/
postgres/, `./poolbench compare --database postgres`) beside the pooled MariaDB answer of the same
pools (the runner's `sittings` over docs/data/sittings). Each side as the runner decided it.
"""
from .answer import LABELS, estimate, interval, pct
from .dimension import deciding, kept


def kind(text):
    """A word's class: near (within the ±5 % margin either way), slower, faster or undecided."""
    if text.startswith("equivalent") or "by less than" in text:
        return "near"
    return next((k for k in ("slower", "faster") if text.startswith(k)), "undecided")


def carries(maria_word, pg_word):
    a, b = kind(maria_word), kind(pg_word)
    if "undecided" in (a, b):
        return "open: undecided on " + ("PostgreSQL" if b == "undecided" else "MariaDB")
    return "yes" + (" (within ±5 % on both)" if a == "near" else "") if a == b else "no"


def word(p):
    return p["verdict"] + (f", {p['statement']}" if p.get("statement") else "")


def beside_mariadb(data):
    sittings = kept(data, "postgres")
    name, summary, _ = sittings[-1]
    lines = [f"| pool | MariaDB, pooled over the kept sittings [95 %] | PostgreSQL, sitting {name}: deciding "
             "interval | PostgreSQL's word | does the word carry over? |", "|---|---|---|---|---|"]
    for block in summary["blocks"]:
        for p in sorted(block["paired"], key=lambda q: -q["differencePercent"]):
            if p["reference"] != "hikari":
                continue
            maria = data.pair("shared-host-duet", f"{p['profile']} vs hikari")
            if maria:
                est, low, high, maria_word, k = estimate(maria)
                maria_text = f"{pct(est)} {interval(low, high)}: {maria_word} ({k} sitting{'s' if k > 1 else ''})"
                same = carries(maria_word, word(p))
            else:
                maria_text, same = "not measured", "-"
            lines.append(f"| {LABELS.get(p['profile'], p['profile'])} | {maria_text} | {deciding(p)} | {word(p)} | "
                         f"{same} |")
    return "\n".join(lines) + "\n"
