"""How long the default comparison takes: the kept default compares that recorded their wall time
(docs/commands.md's table, README's line)."""
import os

from .validity import stamp


def minutes(seconds):
    m, sec = divmod(int(round(seconds)), 60)
    return f"{m} min {sec:02d} s"


def wall_text(s):
    """The runner's wall time, and with the build of the jars before it where the summary has it."""
    text = minutes(s["wallSeconds"])
    if s.get("buildSeconds"):
        text += f" ({minutes(s['wallSeconds'] + s['buildSeconds'])} with the build)"
    return text


def default_compares(data):
    """The kept default compares that recorded their wall time, oldest first: (name, summary)."""
    kept = []
    for f in data.glob("docs/data/sittings/*-shared-host-duet-default-five.json"):
        s = data.json(f)
        if "wallSeconds" in s:
            kept.append((os.path.basename(f)[:-5], s))
    return kept


def default_time(data):
    """Each kept default compare that recorded its wall time: how long, at what fixed cost, with what answer."""
    rows = ["| sitting (UTC) | wall time (the runner's; with the build of the jars where recorded) | duets "
            "| fixed cost per run: app start (of it waited), load start, report and exit | decided words "
            "| why it stopped |",
            "|---|---|---:|---|---:|---|"]
    for name, s in default_compares(data):
        c = s.get("fixedCostPerRunSeconds", {})
        cost = (f"{c['appStart']:.1f} s ({c.get('appStartWaited', float('nan')):.1f} s), {c['loadStart']:.1f} s, "
                f"{c['reportAndExit']:.1f} s") if c else "not recorded"
        paired = [p for b in s["blocks"] for p in b["paired"]]
        decided = sum(1 for p in paired if p["verdict"] != "undecided")
        why = (s.get("roundsStopReason") or "a fixed plan").replace("|", "\\|")
        rows.append(f"| {stamp(name)} | {wall_text(s)} | {s['runs'] // 2} | {cost} "
                    f"| {decided} of {len(paired)} | {why} |")
    return "\n".join(rows) + "\n"


def default_time_brief(data):
    """One line for README: the newest two kept default compares' wall times."""
    kept = default_compares(data)
    newest = " and ".join(wall_text(s) for _, s in kept[-2:])
    return (f"Measured here, from fresh clones, the two newest: {newest} of the runner's wall time "
            f"({len(kept)} default comparisons kept as data; each one, its fixed cost per run and its answer: "
            f"[docs/commands.md](docs/commands.md#how-long-it-takes)).\n")
