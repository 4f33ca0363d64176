"""The pool microbenchmark: the kept JMH runs (docs/data/micro/*/jmh-result.json, `./poolbench
micro`), as a table per benchmark and target. Scores and errors are JMH's own (its 99.9 % interval
over the measured iterations of one fork); the ratio of two scores is the only arithmetic here.
"""
import os

from .data import command, quiet_before

MICRO = "docs/data/micro"


def latest(data):
    """(name, trials, provenance) of the newest kept run."""
    paths = data.glob(f"{MICRO}/*/jmh-result.json")
    if not paths:
        raise SystemExit(f"figures: no kept microbenchmark under {MICRO}")
    path = paths[-1]
    d = os.path.dirname(path)
    return os.path.basename(d), data.json(path), data.optional_json(f"{d}/provenance.json")


def cells(trials):
    """{(benchmark, target): {pool: {threads: (score, error)}}} and the thread counts measured."""
    table, threads = {}, set()
    for t in trials:
        bench = t["benchmark"].rsplit(".", 1)[-1]
        p = t["params"]
        m = t["primaryMetric"]
        table.setdefault((bench, p["target"]), {}).setdefault(p["pool"], {})[t["threads"]] = (
            m["score"], m["scoreError"])
        threads.add(t["threads"])
    return table, sorted(threads)


def number(x):
    if x != x:  # NaN: JMH gives no error for fewer than 3 iterations
        return "-"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}" if x >= 10 else f"{x:.2f}"


def table(data):
    name, trials, prov = latest(data)
    grid, threads = cells(trials)
    first = trials[0]
    lines = [f"Run {name} (`{command(prov)}`; JMH {first.get('jmhVersion', '?')}, "
             f"{first.get('forks', '?')} fork, {first.get('warmupIterations', '?')} x "
             f"{first.get('warmupTime', '?')} warm-up, {first.get('measurementIterations', '?')} x "
             f"{first.get('measurementTime', '?')} measured{quiet_before(prov)}). Operations per "
             f"millisecond, higher is better, ± JMH's 99.9 % error; the last column is the score at "
             f"{threads[-1]} threads over the score at {threads[0]} (contention for 10 connections):", ""]
    for (bench, target) in sorted(grid, key=lambda k: (k[0], ["stub", "h2", "mariadb"].index(k[1]))):
        pools = grid[(bench, target)]
        lines += [f"**{bench}, {target}**", "",
                  "| pool | " + " | ".join(f"{n} thread{'s' if n > 1 else ''}" for n in threads)
                  + f" | {threads[-1]} / {threads[0]} |",
                  "|---|" + "---:|" * (len(threads) + 1)]
        ranked = sorted(pools, key=lambda pool: -pools[pool].get(threads[0], (0, 0))[0])
        for pool in ranked:
            row = pools[pool]
            shown = [f"{number(row[n][0])} ± {number(row[n][1])}" if n in row else "-" for n in threads]
            ratio = (f"{row[threads[-1]][0] / row[threads[0]][0]:.2f}"
                     if threads[0] in row and threads[-1] in row and row[threads[0]][0] else "-")
            lines.append(f"| {pool} | " + " | ".join(shown) + f" | {ratio} |")
        lines.append("")
    return "\n".join(lines)
