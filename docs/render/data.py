"""What a figure reads, and the runner's statistics it asks for: every read of docs/data goes through
Data, which remembers the files, so figures.py can check that a figure's data label names the files
it really reads (and no other).
"""
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

DESIGNS = ("shared-host-duet", "isolated-duet", "solo")
SITTINGS = "docs/data/sittings"


class Data:
    def __init__(self, root):
        self.root = root
        self.read = set()
        self.pooled_cache = {}
        self._classpath = None

    # -- files -----------------------------------------------------------------------------------

    def glob(self, pattern):
        """Repository-relative paths matching pattern, sorted; each counts as read."""
        found = sorted(os.path.relpath(p, self.root) for p in glob.glob(os.path.join(self.root, pattern)))
        self.read.update(found)
        return found

    def json(self, path):
        self.read.add(path)
        with open(os.path.join(self.root, path), encoding="utf-8") as f:
            return json.load(f)

    def optional_json(self, path):
        return self.json(path) if os.path.isfile(os.path.join(self.root, path)) else {}

    def sittings(self, design):
        return self.glob(f"{SITTINGS}/*-{design}-*.json")

    # -- the runner ------------------------------------------------------------------------------

    def classpath(self):
        if self._classpath is None:
            jar = os.path.join(self.root, "bench/compare/target/poolbench-compare.jar")
            if not os.path.exists(jar):
                sys.exit("figures: bench/compare/target/poolbench-compare.jar is missing: "
                         "./mvnw -B -ntp -q -DskipTests install first")
            self._classpath = f"{jar}:{os.path.join(self.root, 'bench/compare/target/lib/*')}"
        return self._classpath

    def pooled(self, design):
        """The runner's `sittings` over the kept sittings of a design: its sittings.json pairs."""
        return self.pooled_files(design, self.sittings(design))["pairs"]

    def pooled_files(self, key, files):
        """The runner's `sittings` over the given summary files (each counts as read): its sittings.json."""
        self.read.update(files)
        if key not in self.pooled_cache:
            with tempfile.TemporaryDirectory() as out:
                subprocess.run(["java", "-Djava.awt.headless=true", "-cp", self.classpath(),
                                "dev.poolbench.bench.compare.CompareMain", "sittings", "--out", out,
                                "--results", *files],
                               check=True, stdout=subprocess.DEVNULL, cwd=self.root)
                with open(os.path.join(out, "sittings.json")) as f:
                    self.pooled_cache[key] = json.load(f)
        return self.pooled_cache[key]

    def between_sd(self, design):
        """The between-sitting sd the kept sittings of a design support (`sittings`' betweenSd)."""
        self.pooled(design)
        return self.pooled_cache[design]["betweenSd"]

    def pair(self, design, prefix):
        return next((p for p in self.pooled(design) if p["pair"].startswith(prefix + " @")), None)

    def kept_sizes(self, dirs):
        """The runner's `size.KeptSearch` over kept size searches (each size.json and environment.json counts as
        read): {dir: its size.json re-derived under today's rule}."""
        for d in dirs:
            self.read.update(f"{d}/{f}" for f in ("size.json", "environment.json")
                             if os.path.isfile(os.path.join(self.root, d, f)))
        key = ("sizes",) + tuple(dirs)
        if key not in self.pooled_cache:
            self.pooled_cache[key] = json.loads(self.java("dev.poolbench.bench.compare.size.KeptSearch", *dirs))
        return self.pooled_cache[key]

    def java(self, main_class, *args):
        """A main class of the runner's jar (PowerTable, KeptSearch): its standard output."""
        return subprocess.run(["java", "-cp", self.classpath(), main_class, *args],
                              check=True, capture_output=True, text=True, cwd=self.root).stdout


def command(prov, default="command not kept"):
    """The command measure.sh recorded (bash's printf %q escapes commas, spaces, `&`, `$`), as typed: a
    playbook's `bash -c '...'` as the line given to bash."""
    text = prov.get("command")
    if text is None:
        return default
    try:
        args = shlex.split(text)
    except ValueError:  # not %q's output: shown as recorded
        return text.replace("\\,", ",")
    return args[2] if len(args) == 3 and args[:2] == ["bash", "-c"] else shlex.join(args)


def quiet_before(prov):
    """How quiet the machine was before the measurement, as measure.sh recorded it."""
    if "cpuBusyPercentBefore" in prov:
        return f", CPUs {prov['cpuBusyPercentBefore']} % busy before"
    if "cpuBusyAtMostPercent" in prov:
        return f", CPUs at most {prov['cpuBusyAtMostPercent']} % busy before"
    load = prov.get("loadAverageBefore")
    return f", 1-min load {load[0]:.2f} before" if load else ""
