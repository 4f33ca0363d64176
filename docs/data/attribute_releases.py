#!/usr/bin/env python3
"""Give each kept measurement made before the runner recorded releases (issue 52) the releases of
its pool libraries and JDBC driver, read from the build files of the commit it was measured at.

  python3 docs/data/attribute_releases.py           attribute every kept file that has none (run once;
                                                    idempotent: a second run changes nothing)
  python3 docs/data/attribute_releases.py --check   the self-test, then: every kept file has releases

The runner records releases itself (compare, size and, from 2026-12-07, faults: environment.json); this
attributes the older ones. Kept files: sittings/*.json and dimensions/*/*.json (summary.json: `./poolbench sittings` pools only
sittings of the same releases), sizes/*/environment.json and faults/*/, fleet-faults/*/
environment.json. The commit is the provenance's (provenance/<name>.json, provenance.json); a
sitting kept without provenance takes the last commit of the history before its start. At that
commit pom.xml pins some artifacts, and webapp/pom.xml imports the Spring Boot BOM (its version in
pom.xml) that manages the rest (HikariCP, tomcat-jdbc, commons-dbcp2): read from the local Maven
repository, fetched with ./mvnw dependency:get when missing. Each release is named as the running
app names it (webapp pool.Releases): the artifact and its version, "HikariCP 7.0.2"; no pool is
"none". The keys are added at the end of the file's text, every other byte is left as it was, and
a file with releases is never touched (the runner's own, measured, or attributed before).
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
M2 = os.path.expanduser("~/.m2/repository")
NS = "{http://maven.apache.org/POM/4.0.0}"
BOM = ("org.springframework.boot", "spring-boot-dependencies")
# Each pool profile's library (webapp PoolProfiles): the artifact its data source class comes from.
POOLS = {"hikari": ("com.zaxxer", "HikariCP"), "tomcat": ("org.apache.tomcat", "tomcat-jdbc"),
         "dbcp": ("commons-dbcp", "commons-dbcp"), "dbcp2": ("org.apache.commons", "commons-dbcp2"),
         "c3p0": ("com.mchange", "c3p0"), "vibur": ("org.vibur", "vibur-dbcp"),
         "agroal": ("io.agroal", "agroal-pool"), "ucp": ("com.oracle.database.jdbc", "ucp11"), "nopool": None}
DRIVERS = {"mariadb": ("com.mysql", "mysql-connector-j"), "postgres": ("org.postgresql", "postgresql")}
# HikariCP is not declared by webapp/pom.xml: spring-boot-starter-jdbc brings it.
BROUGHT_BY = {("com.zaxxer", "HikariCP"): ("org.springframework.boot", "spring-boot-starter-jdbc")}
SOURCE = "attributed from the build files of commit "


def fail(message):
    sys.exit(f"attribute_releases: {message}")


def git(root, *args):
    return subprocess.run(["git", "-C", root, *args], check=True, capture_output=True, text=True).stdout


# -- the build files ---------------------------------------------------------------------------


def resolve(text, props):
    """${name} replaced from props, repeatedly (a property may name another)."""
    for _ in range(10):
        new = re.sub(r"\$\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), text)
        if new == text:
            return text
        text = new
    return text


def parse_pom(text):
    """(properties, managed {(group, artifact): version}, declared {(group, artifact): version or None})."""
    root = ET.fromstring(text)
    props = {e.tag.replace(NS, ""): (e.text or "").strip() for e in root.findall(f"{NS}properties/*")}

    def deps(path):
        return {(d.findtext(f"{NS}groupId"), d.findtext(f"{NS}artifactId")): d.findtext(f"{NS}version")
                for d in root.findall(path)}
    managed = {k: resolve(v, props) for k, v in deps(f"{NS}dependencyManagement/{NS}dependencies/{NS}dependency")
               .items() if v}
    declared = deps(f"{NS}dependencies/{NS}dependency")
    return props, managed, declared


def bom_managed(version, m2):
    """The Spring Boot BOM's managed versions, from the local Maven repository (fetched if missing)."""
    path = os.path.join(m2, *BOM[0].split("."), BOM[1], version, f"{BOM[1]}-{version}.pom")
    if not os.path.isfile(path):
        subprocess.run([os.path.join(ROOT, "mvnw"), "-q", "dependency:get",
                        f"-Dartifact={BOM[0]}:{BOM[1]}:{version}:pom"], check=True, cwd=ROOT)
    with open(path, encoding="utf-8") as f:
        return parse_pom(f.read())[1]


def builds(root, commit, m2):
    """{(group, artifact): version} of what the app at commit ran with; None for an artifact it did not have."""
    props, parent_managed, _ = parse_pom(git(root, "show", f"{commit}:pom.xml"))
    webapp_props, webapp_managed, declared = parse_pom(git(root, "show", f"{commit}:webapp/pom.xml"))
    props = {**props, **webapp_props}  # the pools' releases moved to webapp/pom.xml (issue 52)
    boot = props.get("spring-boot.version") or fail(f"no spring-boot.version in {commit[:7]}:pom.xml")
    # Maven: what the parent manages wins over an imported BOM, and so does what webapp manages itself.
    managed = {**bom_managed(boot, m2), **parent_managed, **webapp_managed}

    def version(artifact):
        if artifact not in declared and BROUGHT_BY.get(artifact) not in declared:
            return None
        return resolve(declared.get(artifact) or "", props) or managed.get(artifact)
    return version


def releases_of(version, profiles, database, where):
    out = {}
    for profile in profiles:
        if profile not in POOLS:
            fail(f"{where}: unknown pool profile {profile!r}")
        pool = POOLS[profile]
        names = {"pool": pool, "driver": DRIVERS[database]}
        out[profile] = {}
        for side, artifact in names.items():
            if artifact is None:
                out[profile][side] = "none"
                continue
            v = version(artifact) or fail(f"{where}: {artifact[1]} is not in the build at its commit")
            out[profile][side] = f"{artifact[1]} {v}"
    return out


# -- the kept files ----------------------------------------------------------------------------


def summary_profiles(summary, where):
    """The pool profiles a summary.json compared (an A/A's <profile>_2 is <profile>), first seen first;
    none for a summary whose releases the runner recorded itself (nothing to attribute)."""
    if "releases" in summary:
        return []
    seen = []
    for block in summary.get("blocks", []):
        if block.get("appBuild"):
            fail(f"{where}: app builds differ (block {block['appBuild']}): one commit cannot tell their releases")
        for entry in block.get("paired", []):
            seen += [entry["profile"], entry["reference"]]
    for dimension in ("plants", "appBuilds", "sessionStores", "threadModes", "jdks"):
        if dimension == "appBuilds" and summary.get(dimension):
            fail(f"{where}: app builds differ: one commit cannot tell their releases")
        seen += [entry["profile"] for entry in summary.get(dimension, [])]
    profiles = []
    for p in (re.sub(r"_\d+$", "", p) for p in seen):
        if p not in profiles:
            profiles.append(p)
    return profiles


def database_of(*texts):
    """postgres when any of the texts (settings, command, options) says so, else MariaDB (the default)."""
    said = " ".join(json.dumps(t) for t in texts)
    return "postgres" if re.search(r"database\W+postgres|PostgreSQL", said) else "mariadb"


def load(path):
    if not os.path.isfile(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def targets(data):
    """(file to write, its commit or None, profiles, database, start yyyy-mm-ddThh:mm or None) of every kept file."""
    for path in sorted(glob.glob(f"{data}/sittings/*.json") + glob.glob(f"{data}/dimensions/*/*.json")):
        summary = load(path)
        prov = load(os.path.join(os.path.dirname(path), "provenance", os.path.basename(path)))
        m = re.match(r"(\d{4}-\d\d-\d\d)-(\d\d)(\d\d)", os.path.basename(path))
        start = f"{m.group(1)}T{m.group(2)}:{m.group(3)}:00Z" if m else None
        yield (path, prov.get("commit"), summary_profiles(summary, path),
               database_of(summary.get("settings"), prov.get("command"), prov.get("environment", {}).get("database")),
               start)
    for env in sorted(glob.glob(f"{data}/sizes/*/environment.json")):
        e, prov = load(env), load(os.path.join(os.path.dirname(env), "provenance.json"))
        yield env, prov.get("commit") or e.get("gitCommit"), e["options"]["profiles"], database_of(e["options"]), None
    for env in sorted(glob.glob(f"{data}/faults/*/environment.json") + glob.glob(f"{data}/fleet-faults/*/environment.json")):
        d = os.path.dirname(env)
        e, prov, options = load(env), load(os.path.join(d, "provenance.json")), load(os.path.join(d, "options.json"))
        yield env, prov.get("commit"), options["profiles"], database_of(e.get("database"), prov.get("command")), None


def commit_at(root, start, where):
    """The last commit of the history before start: what a sitting kept without provenance ran."""
    commit = git(root, "rev-list", "-1", "--first-parent", f"--before={start}", "HEAD").strip()
    return commit or fail(f"{where}: no provenance and no commit before {start}")


def appended(text, fields):
    """text with fields added as the last keys of its top-level object, in its own indentation."""
    end = text.rstrip().rfind("}")
    body = text[:end].rstrip()
    indent = re.search(r"\n([ \t]+)\"", text)
    unit = indent.group(1) if indent else "  "
    sep = '" : ' if '" : ' in text else '": '
    lines = []
    for key, value in fields.items():
        dumped = json.dumps(value, indent=len(unit), ensure_ascii=False).replace('": ', sep)
        lines.append(f"{unit}{json.dumps(key)}{sep[1:]}" + dumped.replace("\n", "\n" + unit))
    return body + ",\n" + ",\n".join(lines) + "\n" + text[end:]


def attribute(root, data, m2, write=True):
    """Attributes every kept file without releases; returns {file: its releases} (all of them)."""
    found = {}
    cache = {}
    for path, commit, profiles, database, start in targets(data):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        kept = json.loads(text)
        if "releases" in kept:
            found[path] = kept["releases"]
            continue
        if not write:
            fail(f"{os.path.relpath(path, root)} has no releases: python3 docs/data/attribute_releases.py")
        how = ""
        if not commit:
            commit = commit_at(root, start or fail(f"{path}: no commit and no start"), path)
            how = ", the last before its start (no provenance kept)"
        if commit not in cache:
            cache[commit] = builds(root, commit, m2)
        releases = releases_of(cache[commit], profiles, database, path)
        new = appended(text, {"releases": releases, "releasesSource": SOURCE + commit[:7] + how})
        check = json.loads(new)
        if check.pop("releases") != releases or check.pop("releasesSource") is None or check != kept:
            fail(f"{path}: adding the releases would change what it holds")
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
        found[path] = releases
    return found


# -- the self-test -----------------------------------------------------------------------------

POM = """<project xmlns="http://maven.apache.org/POM/4.0.0"><properties>
<spring-boot.version>9.9.9</spring-boot.version><c3p0.version>0.11.2</c3p0.version>
<mysql-connector-j.version>9.7.0</mysql-connector-j.version></properties>
<dependencyManagement><dependencies>
<dependency><groupId>com.mysql</groupId><artifactId>mysql-connector-j</artifactId><version>${mysql-connector-j.version}</version></dependency>
<dependency><groupId>com.mchange</groupId><artifactId>c3p0</artifactId><version>${c3p0.version}</version></dependency>
</dependencies></dependencyManagement></project>"""
WEBAPP = """<project xmlns="http://maven.apache.org/POM/4.0.0"><dependencies>
<dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-jdbc</artifactId></dependency>
<dependency><groupId>com.mchange</groupId><artifactId>c3p0</artifactId></dependency>
<dependency><groupId>com.mysql</groupId><artifactId>mysql-connector-j</artifactId></dependency>
</dependencies></project>"""
BOM_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0"><properties><hikaricp.version>7.0.2</hikaricp.version>
<mysql.version>8.0.0</mysql.version></properties><dependencyManagement><dependencies>
<dependency><groupId>com.zaxxer</groupId><artifactId>HikariCP</artifactId><version>${hikaricp.version}</version></dependency>
<dependency><groupId>com.mysql</groupId><artifactId>mysql-connector-j</artifactId><version>${mysql.version}</version></dependency>
</dependencies></dependencyManagement></project>"""
SUMMARY = '{\n  "schema" : 1,\n  "ratio" : 1.0E-4,\n  "blocks" : [ {\n    "paired" : [ {\n      "profile" : "c3p0",' \
          '\n      "reference" : "hikari"\n    }, {\n      "profile" : "hikari_2",\n      "reference" : "hikari"\n' \
          '    }, {\n      "profile" : "nopool",\n      "reference" : "hikari"\n    } ]\n  } ]\n}'


def self_test():
    """A scratch repository with one commit, its BOM in a scratch Maven repository, one sitting kept without provenance."""
    with tempfile.TemporaryDirectory() as tmp:
        root, m2 = os.path.join(tmp, "repo"), os.path.join(tmp, "m2")
        os.makedirs(os.path.join(root, "webapp"))
        os.makedirs(os.path.join(root, "docs/data/sittings"))
        for name, text in (("pom.xml", POM), ("webapp/pom.xml", WEBAPP)):
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        env = {**os.environ, "GIT_COMMITTER_DATE": "2026-11-28T00:00:00Z", "GIT_AUTHOR_DATE": "2026-11-28T00:00:00Z"}
        for args in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"]):
            subprocess.run(["git", "-C", root, *args], check=True, env=env)
        bom = os.path.join(m2, *BOM[0].split("."), BOM[1], "9.9.9")
        os.makedirs(bom)
        with open(os.path.join(bom, f"{BOM[1]}-9.9.9.pom"), "w") as f:
            f.write(BOM_POM)
        kept = os.path.join(root, "docs/data/sittings/2026-11-28-0108-solo-x.json")
        with open(kept, "w") as f:
            f.write(SUMMARY)
        data = os.path.join(root, "docs/data")
        attribute(root, data, m2)
        with open(kept) as f:
            once = f.read()
        attribute(root, data, m2)
        with open(kept) as f:
            twice = f.read()
        got = json.loads(once)
        head = git(root, "rev-parse", "HEAD").strip()[:7]
        want = {"c3p0": {"pool": "c3p0 0.11.2", "driver": "mysql-connector-j 9.7.0"},
                "hikari": {"pool": "HikariCP 7.0.2", "driver": "mysql-connector-j 9.7.0"},
                "nopool": {"pool": "none", "driver": "mysql-connector-j 9.7.0"}}
        problems = [p for p, bad in (
            (f"releases {got.get('releases')}, wanted {want} (the parent's pin wins over the BOM's)",
             got.get("releases") != want),
            (f"source {got.get('releasesSource')!r}", not got.get("releasesSource", "").startswith(SOURCE + head)),
            ("the measured text changed", not once.startswith(SUMMARY[:-2]) or '"ratio" : 1.0E-4' not in once),
            ("a second run changed the file", once != twice)) if bad]
        if problems:
            fail("self-test: " + "; ".join(problems))


def main(argv):
    if argv not in ([], ["--check"]):
        fail("usage: python3 docs/data/attribute_releases.py [--check]")
    if argv == ["--check"]:
        self_test()
        found = attribute(ROOT, HERE, M2, write=False)
        print(f"attribute_releases: {len(found)} kept files name their releases (self-test passed)")
        return
    found = attribute(ROOT, HERE, M2)
    distinct = {}
    for path, releases in found.items():
        distinct.setdefault(json.dumps(releases, sort_keys=True), []).append(os.path.relpath(path, HERE))
    for releases, paths in distinct.items():
        print(f"{len(paths)} files: {releases}")


if __name__ == "__main__":
    main(sys.argv[1:])
