"""Does the answer carry over to PostgreSQL? The kept PostgreSQL sittings (docs/data/dimensions/
postgres/, `./poolbench compare --database postgres`) beside the pooled MariaDB answer of the same
pools (the runner's `sittings` over docs/data/sittings). Each side as the runner decided it.
"""
from .answer import LABELS, estimate, interval, pct, ranked
from .dimension import DIMENSIONS


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


def beside_mariadb(data):
    """Per pool against hikari: MariaDB pooled over its kept sittings, PostgreSQL pooled over its own."""
    files = data.glob(f"{DIMENSIONS}/postgres/*.json")
    if not files:
        raise SystemExit(f"figures: nothing kept under {DIMENSIONS}/postgres")
    lines = [f"| pool | MariaDB, pooled over the kept sittings [95 %] | PostgreSQL, pooled over its {len(files)} kept "
             "sitting" + ("s" if len(files) > 1 else "") + " [95 %] | PostgreSQL's word | each PostgreSQL sitting's own "
             "| does the word carry over? |", "|---|---|---|---|---|---|"]
    for name, pg in ranked(data.pooled_files("postgres", files)["pairs"]):
        est, low, high, pg_word, k = estimate(pg)
        maria = data.pair("shared-host-duet", f"{name} vs hikari")
        if maria:
            m_est, m_low, m_high, maria_word, m_k = estimate(maria)
            maria_text = f"{pct(m_est)} {interval(m_low, m_high)}: {maria_word} ({m_k} sitting{'s' if m_k > 1 else ''})"
            same = carries(maria_word, pg_word)
        else:
            maria_text, same = "not measured", "-"
        pg_text = f"{pct(est)} {interval(low, high)} ({k} sitting{'s' if k > 1 else ''})"
        each = "; ".join(f"{pct(e['estimatePercent'])} {e['verdict']}" for e in pg["sittings"])
        lines.append(f"| {LABELS.get(name, name)} | {maria_text} | {pg_text} | {pg_word} | {each} | {same} |")
    return "\n".join(lines) + "\n"
