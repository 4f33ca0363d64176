#!/usr/bin/env python3
"""The measured figures of README.md and docs/, rendered from the data kept in docs/data/.

Each figure sits in a Markdown file between two markers,

    <!-- figure: NAME (DATA) -->
    ...rendered text...
    <!-- /figure -->

and is rendered here from DATA only. The statistics are the runner's own: the sittings are pooled
by `CompareMain sittings` (the jar of `./mvnw -DskipTests install`), whose sittings.json is read;
a single comparison's figures are read from its summary.json. Nothing is recomputed here but
ranges and the ratio of two logs.

usage: python3 docs/figures.py           rewrite every figure in place
       python3 docs/figures.py --check   exit 1 naming each figure whose text differs from its data;
                                         first a self-test: one digit changed in a figure must be seen
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = "docs/data/sittings"
DESIGNS = ("shared-host-duet", "isolated-duet", "solo")
DEFAULT = f"{DATA}/2026-11-28-0148-shared-host-duet-default-five.json"
FIGURE = re.compile(r"(<!-- figure: (?P<name>[\w-]+) \((?P<data>[^)]*)\) -->\n)(?P<body>.*?)(<!-- /figure -->)",
                    re.S)


def pct(x):
    return f"{x:+.1f} %".replace("+-", "-") if round(x, 1) != 0 else "0.0 %"


def interval(low, high):
    return f"[{pct(low)[:-2]} .. {pct(high)[:-2]}]"


def files(design):
    return sorted(glob.glob(os.path.join(ROOT, DATA, f"*-{design}-*.json")))


def stamp(name):
    """'2026-11-28-0148-...' -> '2026-11-28 01:48'"""
    return f"{name[:10]} {name[11:13]}:{name[13:15]}"


class Runner:
    """Pools the kept sittings of each design with the runner's `sittings` command, once."""

    def __init__(self):
        self.cache = {}
        jar = os.path.join(ROOT, "bench/compare/target/poolbench-compare.jar")
        if not os.path.exists(jar):
            sys.exit("figures: bench/compare/target/poolbench-compare.jar is missing: "
                     "./mvnw -B -ntp -q -DskipTests install first")
        self.classpath = f"{jar}:{os.path.join(ROOT, 'bench/compare/target/lib/*')}"

    def pooled(self, design):
        if design not in self.cache:
            with tempfile.TemporaryDirectory() as out:
                subprocess.run(["java", "-Djava.awt.headless=true", "-cp", self.classpath,
                                "dev.poolbench.bench.compare.CompareMain", "sittings", "--out", out,
                                "--results", *files(design)],
                               check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
                with open(os.path.join(out, "sittings.json")) as f:
                    self.cache[design] = json.load(f)["pairs"]
        return self.cache[design]

    def power_table(self, *args):
        """stats.PowerTable's rows (seeded: the same table every time), as lists of cells."""
        out = subprocess.run(["java", "-cp", self.classpath, "dev.poolbench.bench.compare.stats.PowerTable", *args],
                             check=True, capture_output=True, text=True, cwd=ROOT).stdout
        return [[c.strip() for c in line.strip().strip("|").split("|")] for line in out.splitlines()
                if re.match(r"\| [\d.]+ % \|", line)]

    def pair(self, design, prefix):
        for p in self.pooled(design):
            if p["pair"].startswith(prefix + " @"):
                return p
        return None


PAIRS = [("the `cpu:100us` plant", "hikari plant cpu:100us vs none"), ("nopool vs hikari", "nopool vs hikari"),
         ("dbcp2 vs hikari", "dbcp2 vs hikari"), ("A/A (hikari_2 vs hikari)", "hikari_2 vs hikari")]


def pooled_text(p, bold=False):
    r = p["pooled"]
    est = f"**{pct(r['estimatePercent'])}**" if bold else pct(r["estimatePercent"])
    return f"{est} {interval(r['ci95LowPercent'], r['ci95HighPercent'])}"


def summary(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def paired(path, profile):
    for block in summary(path)["blocks"]:
        for p in block.get("paired", []):
            if p["profile"] == profile:
                return p
    return None


def span(pair):
    """When the pooled sittings ran, from their names: one night, or how many dates."""
    names = sorted(e["sitting"] for e in pair["sittings"])
    dates = sorted({n[:10] for n in names})
    if len(dates) == 1:
        return f"one day: {stamp(names[0])}-{stamp(names[-1])[11:]} UTC"
    return f"{len(dates)} dates, {dates[0]} to {dates[-1]}"


def fig_answer(run):
    tau = summary(DEFAULT)["betweenSitting"]["sdPercent"]
    rows = [f"| pool | one `./poolbench compare`, 3 duets, its interval with the stored between-sitting sd {tau} % [95 %] "
            "| pooled over the kept shared-host sittings of the project's VM [95 %] |", "|---|---|---|"]
    for profile, label in [("tomcat", "tomcat"), ("dbcp", "dbcp (1.4)"), ("dbcp2", "dbcp2"),
                           ("nopool", "nopool (a connection per request)")]:
        one = paired(DEFAULT, profile)
        first = f"{pct(one['differencePercent'])} {interval(one['ci95LowPercent'], one['ci95HighPercent'])}, {one['verdict']}"
        p = run.pair("shared-host-duet", f"{profile} vs hikari")
        if p and "pooled" in p:
            r = p["pooled"]
            pooled = (f"{pooled_text(p, bold=True)}: {r['verdict']} ({r['k']} sittings, {span(p)}; "
                      f"their tau {r['tauPercent']:.2f} %)")
        else:
            pooled = "one sitting only"
        rows.append(f"| {label} | {first} | {pooled} |")
    return "\n".join(rows) + "\n"


def fig_pooled(run, design):
    rows = ["| pair | sittings | pooled [95 %] | tau (PM) | Q on df | coverage: within only, with tau, as reported "
            "| words | decided words wrong |", "|---|---:|---|---:|---|---|---|---:|"]
    for p in run.pooled(design):
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


def fig_designs(run):
    rows = ["| pair | " + " | ".join(DESIGNS) + " |", "|---|---|---|---|"]
    factors = {}
    for label, prefix in PAIRS:
        cells = []
        for d in DESIGNS:
            p = run.pair(d, prefix)
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
        for p in (p for p in run.pooled(d) if "pooled" in p):
            decided += p["decidedWords"]
            wrong += p.get("wrongWords", 0)
    return ("\n".join(rows) + "\n\n"
            f"Over the three designs the sittings printed {decided} decided words (faster, slower, "
            f"equivalent); {wrong} of them false of the A/A's 0 or of the pooled estimate.\n")


def fig_noise(run):
    rows = ["| design | A/A | dbcp2 vs hikari | nopool vs hikari |", "|---|---|---|---|"]
    for d in DESIGNS:
        cells = []
        for profile in ("hikari_2", "dbcp2", "nopool"):
            sds = [100 * p["sdLogRatio"] for f in files(d)
                   if (p := paired(os.path.relpath(f, ROOT), profile)) and p.get("sdLogRatio") is not None]
            cells.append(f"{min(sds):.1f}-{max(sds):.1f} % ({len(sds)})" if sds else "-")
        rows.append(f"| {d} | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def fig_default(run):
    s = summary(DEFAULT)
    rows = [f"| pool | with tau {s['betweenSitting']['sdPercent']} % (what compare reported) | 90 % | within-sitting only | word |",
            "|---|---|---|---|---|"]
    for block in s["blocks"]:
        for p in block["paired"]:
            rows.append(f"| {p['profile']} | {pct(p['differencePercent'])} "
                        f"{interval(p['ci95LowPercent'], p['ci95HighPercent'])} "
                        f"| {interval(p['ci90LowPercent'], p['ci90HighPercent'])} "
                        f"| {interval(p['ci95WithinLowPercent'], p['ci95WithinHighPercent'])} | {p['text']} |")
    return f"`{s['settings']}`\n\n" + "\n".join(rows) + "\n"


def fig_kept(run):
    rows = ["| sitting (UTC) | design | what | settings (summary.json) | runs counted |",
            "|---|---|---|---|---:|"]
    for d in DESIGNS:
        for f in files(d):
            name = os.path.basename(f)[:-5]
            s = summary(os.path.relpath(f, ROOT))
            what = name[16 + len(d) + 1:]
            settings = s["settings"].replace("|", "\\|")
            rows.append(f"| {stamp(name)} | {d} | {what} | {settings} | {s['counted']} of {s['runs']} |")
    return "\n".join(rows) + "\n"


def fig_plants(run):
    rows = ["| plant | " + " | ".join(DESIGNS) + " |", "|---|---|---|---|"]
    for plant in ("cpu:100us", "wait:3000us"):
        cells = []
        for d in DESIGNS:
            p = run.pair(d, f"hikari plant {plant} vs none")
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


def minutes(seconds):
    m, sec = divmod(int(round(seconds)), 60)
    return f"{m} min {sec:02d} s"


def wall_text(s):
    """The runner's wall time, and with the build of the jars before it where the summary has it."""
    text = minutes(s["wallSeconds"])
    if s.get("buildSeconds"):
        text += f" ({minutes(s['wallSeconds'] + s['buildSeconds'])} with the build)"
    return text


def default_compares():
    """The kept default compares that recorded their wall time, oldest first: (name, summary)."""
    kept = []
    for f in files("shared-host-duet"):
        name = os.path.basename(f)[:-5]
        s = summary(os.path.relpath(f, ROOT))
        if name.endswith("-default-five") and "wallSeconds" in s:
            kept.append((name, s))
    return kept


def fig_default_time(run):
    """Each kept default compare that recorded its wall time: how long, at what fixed cost, with what answer."""
    rows = ["| sitting (UTC) | wall time (the runner's; with the build of the jars where recorded) | duets "
            "| fixed cost per run: app start (of it waited), load start, report and exit | decided words "
            "| why it stopped |",
            "|---|---|---:|---|---:|---|"]
    for name, s in default_compares():
        c = s.get("fixedCostPerRunSeconds", {})
        cost = (f"{c['appStart']:.1f} s ({c.get('appStartWaited', float('nan')):.1f} s), {c['loadStart']:.1f} s, "
                f"{c['reportAndExit']:.1f} s") if c else "not recorded"
        paired = [p for b in s["blocks"] for p in b["paired"]]
        decided = sum(1 for p in paired if p["verdict"] != "undecided")
        why = (s.get("roundsStopReason") or "a fixed plan").replace("|", "\\|")
        rows.append(f"| {stamp(name)} | {wall_text(s)} | {s['runs'] // 2} | {cost} "
                    f"| {decided} of {len(paired)} | {why} |")
    return "\n".join(rows) + "\n"


def fig_default_time_brief(run):
    """One line for README: the newest two kept default compares' wall times."""
    kept = default_compares()
    newest = " and ".join(wall_text(s) for _, s in kept[-2:])
    return (f"Measured here, from fresh clones, the two newest: {newest} of the runner's wall time "
            f"({len(kept)} default comparisons kept as data; each one, its fixed cost per run and its answer: "
            f"[docs/commands.md](docs/commands.md#how-long-it-takes)).\n")


EARLY_LOOK_ARGS = ["--cv", "2,3", "--rounds", "3", "--until-decided", "6", "--differences", "5",
                   "--simulations", "20000"]


def fig_early_look(run):
    """The sequential rule with and without its early look, on the same simulated comparisons."""
    rows = ["| per-run CV | early look | A/A: false faster/slower | A/A: equivalent | A/A: mean duets "
            "| power, 5 % faster |",
            "|---:|---|---:|---:|---:|---:|"]
    without = run.power_table(*EARLY_LOOK_ARGS)
    with_look = run.power_table(*EARLY_LOOK_ARGS, "--early-look")
    for a, b in zip(without, with_look):
        for cells, look in ((a, "no"), (b, "yes")):
            rows.append(f"| {cells[0]} | {look} | {cells[2]} | {cells[3]} | {cells[4]} | {cells[5]} |")
    return "\n".join(rows) + "\n\nReproduce: `PowerTable " + " ".join(EARLY_LOOK_ARGS) + " [--early-look]`.\n"


FIGURES = {
    "early-look": fig_early_look,
    "default-time": fig_default_time,
    "default-time-brief": fig_default_time_brief,
    "plants": fig_plants,
    "answer": fig_answer,
    "pooled-shared-host-duet": lambda run: fig_pooled(run, "shared-host-duet"),
    "pooled-isolated-duet": lambda run: fig_pooled(run, "isolated-duet"),
    "pooled-solo": lambda run: fig_pooled(run, "solo"),
    "designs": fig_designs,
    "noise": fig_noise,
    "default-compare": fig_default,
    "kept-sittings": fig_kept,
}


def markdown_files():
    out = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [f for f in out.stdout.split() if os.path.exists(os.path.join(ROOT, f))]


def publish(path, text, run, rendered, problems):
    """text with every figure rendered from its data; a problem for each figure that differed."""
    def render(m):
        name = m.group("name")
        if name not in FIGURES:
            problems.append(f"{path}: unknown figure '{name}' (known: {', '.join(FIGURES)})")
            return m.group(0)
        if name not in rendered:
            rendered[name] = FIGURES[name](run)
        if m.group("body") != rendered[name]:
            problems.append(f"{path}: figure '{name}' differs from its data ({m.group('data')}): "
                            f"python3 docs/figures.py rewrites it")
        return m.group(1) + rendered[name] + m.group(5)

    return FIGURE.sub(render, text)


def self_test(run, rendered):
    """The check must see one digit changed in a rendered figure, or it proves nothing."""
    name = next(iter(rendered))
    good = f"<!-- figure: {name} (self-test) -->\n{rendered[name]}<!-- /figure -->\n"
    digit = re.search(r"\d", rendered[name])
    bad = good.replace(rendered[name], rendered[name][:digit.start()]
                       + str((int(digit.group()) + 1) % 10) + rendered[name][digit.end():])
    seen_good, seen_bad = [], []
    publish("self-test", good, run, dict(rendered), seen_good)
    publish("self-test", bad, run, dict(rendered), seen_bad)
    if seen_good or len(seen_bad) != 1:
        return [f"figures: self-test failed (unchanged figure: {seen_good}; one digit changed: {seen_bad})"]
    return []


def main(argv):
    check = "--check" in argv
    run = Runner()
    rendered, problems = {}, []
    for path in markdown_files():
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        new = publish(path, text, run, rendered, problems)
        if not check and new != text:
            with open(os.path.join(ROOT, path), "w") as f:
                f.write(new)
            print(f"figures: rewrote {path}")
    unused = [name for name in FIGURES if name not in rendered]
    problems += [f"figure '{name}' is published nowhere (no marker in any tracked *.md)" for name in unused]
    if check:
        problems += self_test(run, rendered) if rendered else []
        for p in problems:
            print(p, file=sys.stderr)
        print(f"figures: {len(rendered)} figures checked, {len(problems)} differ")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
