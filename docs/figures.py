#!/usr/bin/env python3
"""The measured figures of README.md and docs/, rendered from the data kept in docs/data/.

Each figure sits in a Markdown file between two markers,

    <!-- figure: NAME (DATA) -->
    ...rendered text...
    <!-- /figure -->

and is rendered here from DATA only (docs/render/: one module per subject). DATA names the files
the figure reads, as paths or globs separated by ", " (anything else in it, such as
"stats.PowerTable, seeded", names no file); the check fails when the figure reads a file its label
does not name, or the label names files it does not read. A figure may also write pictures
(docs/images/*.svg), checked byte for byte like the text. The statistics are the runner's own: the
sittings are pooled by `CompareMain sittings` (the jar of `./mvnw -DskipTests install`); nothing
is recomputed here but ranges, medians and the ratio of two logs.

usage: python3 docs/figures.py           rewrite every figure (and picture) in place
       python3 docs/figures.py --check   exit 1 naming each figure whose text or picture differs from
                                         its data, or whose label misnames its files; first a
                                         self-test: one digit changed in a figure must be seen
"""
import fnmatch
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render import (answer, database, dimension, faults, fleet, fleet_production, idle_timeout,  # noqa: E402
                    max_connections, micro, production_brief, size, sizing, timing, validity)
from render.data import Data  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIGURE = re.compile(r"(<!-- figure: (?P<name>[\w-]+) \((?P<data>[^)]*)\) -->\n)(?P<body>.*?)(<!-- /figure -->)",
                    re.S)

FIGURES = {
    "which-pool": answer.which_pool,
    "which-pool-picture": answer.which_pool_picture,
    "how-big": size.table,
    "how-big-brief": sizing.how_big_brief,
    "how-big-picture": size.how_big_picture,
    "size-rule-check": sizing.rule_check,
    "knee-against-load": sizing.knee_against_load,
    "faults-scorecard": faults.scorecard,
    "faults-table": faults.table,
    "faults-picture": faults.scorecard_picture,
    "faults-postgres-table": faults.postgres_table,
    "faults-postgres-picture": lambda data: faults.scorecard_picture(data, "postgres"),
    "faults-idle-timeout": idle_timeout.table,
    "faults-max-connections": max_connections.table,
    "fleet-max-connections": max_connections.fleet_table,
    "faults-production-brief": production_brief.brief,
    "fleet-faults-table": faults.fleet_table,
    "fleet-storm": faults.storm_table,
    "fleet-idle-drop": fleet_production.idle_drop_table,
    "fleet-demote": fleet_production.demote_table,
    "fleet-default": fleet.default_comparison,
    "fleet-duets": fleet.duets_beside_local,
    "micro": micro.table,
    "fleet-beside-local": fleet.beside_local,
    "postgres": database.beside_mariadb,
    "postgres-size": size.postgres_beside_mariadb,
    "fleet-size": size.fleet_beside_local,
    "redis-sessions": lambda data: dimension.sitting_table(data, "redis"),
    "releases": dimension.releases_table,
    "virtual-threads": lambda data: dimension.sitting_table(data, "virtual-threads"),
    "virtual-threads-figures": lambda data: dimension.thread_figures(data, "virtual-threads"),
    "early-look": validity.early_look,
    "default-time": timing.default_time,
    "default-time-brief": timing.default_time_brief,
    "plants": validity.plants,
    "pooled-shared-host-duet": lambda data: validity.pooled(data, "shared-host-duet"),
    "pooled-isolated-duet": lambda data: validity.pooled(data, "isolated-duet"),
    "pooled-solo": lambda data: validity.pooled(data, "solo"),
    "designs": validity.designs,
    "noise": validity.noise,
    "default-compare": validity.default_compare,
    "all-pools-compare": validity.all_pools_compare,
    "kept-sittings": validity.kept_sittings,
    "per-pair-term": validity.per_pair_term,
}


class Rendered:
    """Each figure rendered once: its text, its pictures ({path: text}) and the files it read."""

    def __init__(self, data):
        self.data = data
        self.cache = {}

    def get(self, name):
        if name not in self.cache:
            self.data.read = set()
            out = FIGURES[name](self.data)
            text, pictures = out if isinstance(out, tuple) else (out, {})
            self.cache[name] = (text, pictures, set(self.data.read))
        return self.cache[name]


def label_problems(path, name, label, read):
    """The data label's paths against the files the figure read."""
    patterns = [p.strip() for p in label.split(",") if "docs/data" in p]
    problems = [f"{path}: figure '{name}' reads {f}, which its label ({label}) does not name"
                for f in sorted(read) if not any(fnmatch.fnmatch(f, p) for p in patterns)]
    problems += [f"{path}: figure '{name}' names {p} in its label but reads no such file"
                 for p in patterns if not any(fnmatch.fnmatch(f, p) for f in read)]
    return problems


def markdown_files():
    out = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [f for f in out.stdout.split() if os.path.exists(os.path.join(ROOT, f))]


def publish(path, text, rendered, problems, seen):
    """text with every figure rendered from its data; a problem for each figure that differed."""
    def render(m):
        name = m.group("name")
        if name not in FIGURES:
            problems.append(f"{path}: unknown figure '{name}' (known: {', '.join(FIGURES)})")
            return m.group(0)
        body, pictures, read = rendered.get(name)
        # A picture's link is written from the top of the repository ({root}/docs/images/...):
        # made relative to the page it is on.
        up = os.path.relpath(ROOT, os.path.join(ROOT, os.path.dirname(path)))
        body = body.replace("{root}/", "" if up == "." else up + "/")
        seen.add(name)
        if m.group("body") != body:
            problems.append(f"{path}: figure '{name}' differs from its data ({m.group('data')}): "
                            f"python3 docs/figures.py rewrites it")
        problems.extend(label_problems(path, name, m.group("data"), read))
        return m.group(1) + body + m.group(5)

    return FIGURE.sub(render, text)


def pictures(rendered, names, check):
    """Each rendered figure's pictures written, or (check) compared with the file."""
    problems = []
    for name in sorted(names):
        for rel, content in rendered.get(name)[1].items():
            target = os.path.join(ROOT, rel)
            old = open(target, encoding="utf-8").read() if os.path.exists(target) else None
            if check and old != content:
                problems.append(f"{rel}: the picture of figure '{name}' differs from its data: "
                                "python3 docs/figures.py rewrites it")
            elif not check and old != content:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8") as f:
                    f.write(content)
                print(f"figures: rewrote {rel}")
    return problems


def self_test(rendered, names):
    """The check must see one digit changed in a rendered figure, or it proves nothing."""
    name = next(n for n in sorted(names) if re.search(r"\d", rendered.get(n)[0]))
    body, _, read = rendered.get(name)
    label = ", ".join(sorted(read))
    good = f"<!-- figure: {name} ({label}) -->\n{body}<!-- /figure -->\n"
    digit = re.search(r"\d", body)
    bad = good.replace(body, body[:digit.start()] + str((int(digit.group()) + 1) % 10) + body[digit.end():])
    seen_good, seen_bad = [], []
    publish("self-test", good, rendered, seen_good, set())
    publish("self-test", bad, rendered, seen_bad, set())
    if seen_good or len(seen_bad) != 1:
        return [f"figures: self-test failed (unchanged figure: {seen_good}; one digit changed: {seen_bad})"]
    return []


def main(argv):
    check = "--check" in argv
    rendered = Rendered(Data(ROOT))
    problems, seen = [], set()
    for path in markdown_files():
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        new = publish(path, text, rendered, problems, seen)
        if not check and new != text:
            with open(os.path.join(ROOT, path), "w") as f:
                f.write(new)
            print(f"figures: rewrote {path}")
    problems += pictures(rendered, seen, check)
    problems += [f"figure '{name}' is published nowhere (no marker in any tracked *.md)"
                 for name in FIGURES if name not in seen]
    if check:
        problems += self_test(rendered, seen) if seen else []
        for p in problems:
            print(p, file=sys.stderr)
        print(f"figures: {len(seen)} figures checked, {len(problems)} problems")
        return 1 if problems else 0
    for p in problems:
        print(p, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
