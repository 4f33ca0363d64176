#!/usr/bin/env python3
"""The documentation's promises, checked against the repository (python3 stdlib only, seconds).

Fails with one line per problem when:
  links     a relative link or image in a tracked *.md names no file or folder of the
            repository, or its #anchor is no heading (GitHub's slugs) of the target;
  shared    a tracked file refers to the shared folder outside the repository (../ + shared);
  commands  `./poolbench X` names a command the script does not dispatch;
  options   `poolbench <command> --option` (in code, or a `--option` code span in a paragraph
            that names one poolbench command) is not an option of that command. The options are
            read from the picocli @Option names of the Java sources (the commands' classes and
            their @Mixin classes), so no jar is needed; `test` takes run-all.sh's --skip;
  usage     the `poolbench` script's usage text and its `case` dispatch name other commands;
  variables `-e NAME=` on an ansible-playbook line (or a later line of its code block, or in a code
            span) names no variable of ansible/ (a key of defaults, vars, group_vars or a `vars:`
            block, or a poolbench_* name it reads): Ansible would take it silently; `-var NAME=`
            names no `variable "NAME"` of the Terraform root it applies (terraform/local when the
            command or span names it, terraform/ for -chdir=terraform, else either).

Before the real check it runs a self-test on a scratch repository with one problem of each
kind and a clean twin: each kind must be reported, the twin must pass, or the check fails.

usage: python3 tests/check_docs.py [--root DIR] [--no-self-test]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SHARED = ".." + "/shared"  # split, so this file does not report itself
SKIP_DIRS = {".git", "target", "node_modules", ".poolbench", "results", "__pycache__"}
ALWAYS_VALID = {"--help", "-h"}
TEST_OPTIONS = {"--skip"}  # tests/run-all.sh, what `./poolbench test` runs


def tracked_files(root):
    """git ls-files when root is a git work tree, else every file under it (the self-test)."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        files = [f for f in out.decode().split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
        found += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return found


def read_text(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    return None if b"\0" in data else data.decode("utf-8", "replace")


FENCE = re.compile(r"^\s*(```|~~~)")


def split_code(text):
    """(prose lines with code blocks blanked, code-block lines): line numbers stay aligned."""
    prose, code, inside = [], [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            inside = not inside
            prose.append("")
            code.append("")
            continue
        prose.append("" if inside else line)
        code.append(line if inside else "")
    return prose, code


CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def slug(heading):
    """GitHub's anchor of a heading: markup dropped, lowercase, punctuation removed, spaces to '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower().strip()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache):
    if path not in cache:
        found, seen = set(), {}
        prose, _ = split_code(read_text(path) or "")
        for line in prose:
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
            for a in re.findall(r"""<a\s+(?:name|id)=["']([^"']+)["']""", line):
                found.add(a)
        cache[path] = found
    return cache[path]


LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:img|a)\s[^>]*(?:src|href)=["']([^"']+)["']""")


def check_links(root, md_files):
    problems, cache = [], {}
    for rel in md_files:
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        prose, _ = split_code(text)
        for no, line in enumerate(prose, 1):
            bare = CODE_SPAN.sub("", line)
            for target in LINK.findall(bare) + HTML_LINK.findall(bare):
                problem = check_target(root, rel, target, cache)
                if problem:
                    problems.append(f"{rel}:{no}: link {target}: {problem}")
    return problems


def check_target(root, rel, target, cache):
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
        return None  # http:, https:, mailto:
    path, _, anchor = target.partition("#")
    base = os.path.dirname(os.path.join(root, rel))
    full = os.path.normpath(os.path.join(base, path)) if path else os.path.join(root, rel)
    if not os.path.abspath(full).startswith(os.path.abspath(root)):
        return "points outside the repository"
    if not os.path.exists(full):
        return "no such file"
    if anchor and full.endswith(".md") and anchor not in anchors(full, cache):
        return f"no heading with anchor #{anchor} in {os.path.relpath(full, root)}"
    return None


def check_shared(root, files):
    problems = []
    for rel in files:
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        for no, line in enumerate(text.split("\n"), 1):
            if SHARED in line:
                problems.append(f"{rel}:{no}: refers to {SHARED} (outside the repository)")
    return problems


OPTION_NAMES = re.compile(r"@Option\(\s*names\s*=\s*(\{[^}]*\}|\"[^\"]*\")")
COMMAND = re.compile(r"@Command\(\s*name\s*=\s*\"([^\"]+)\"")
MIXIN = re.compile(r"@(?:Mixin|ArgGroup)\b[^\n]*\n?\s*(?:(?:private|public|protected|final|static)\s+)*([A-Z]\w*)\s+\w+")


def java_sources(root, files):
    return {rel: read_text(os.path.join(root, rel)) or "" for rel in files
            if rel.endswith(".java") and "/src/test/" not in rel}


def options_in(text):
    names = set()
    for group in OPTION_NAMES.findall(text):
        names.update(re.findall(r"\"([^\"]+)\"", group))
    return names


def class_text(sources, name, cache):
    if name not in cache:
        cache[name] = next((t for t in sources.values() if re.search(rf"\b(class|record)\s+{name}\b", t)), "")
    return cache[name]


EXTENDS = re.compile(r"\bclass\s+\w+\s+extends\s+([A-Z]\w*)")


def with_mixins(sources, text, cache, depth=0):
    """The options of a command's text, of its @Mixin/@ArgGroup classes and of the class it extends."""
    names = options_in(text)
    if depth < 4:
        for parent in MIXIN.findall(text) + EXTENDS.findall(text):
            names |= with_mixins(sources, class_text(sources, parent, cache), cache, depth + 1)
    return names


def command_options(root, files):
    """Command name (its last word: 'poolbench micro' is micro) to its option names."""
    sources, cache, commands = java_sources(root, files), {}, {}
    for text in sources.values():
        marks = list(COMMAND.finditer(text))
        for i, m in enumerate(marks):
            body = text[m.start(): marks[i + 1].start() if i + 1 < len(marks) else len(text)]
            name = m.group(1).split()[-1]
            commands.setdefault(name, set()).update(with_mixins(sources, body, cache))
    commands["test"] = set(TEST_OPTIONS)
    return commands


MENTION = re.compile(r"(?:^|[\s`(\"'/])poolbench\s+([a-z][a-z-]*)")
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")


def check_options(root, md_files, commands):
    problems = []
    for rel in md_files:
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        prose, code = split_code(text)
        problems += code_option_problems(rel, code, commands)
        problems += prose_option_problems(rel, prose, commands)
    return problems


def option_problem(rel, no, command, option, commands):
    if command not in commands:
        return None
    if option in commands[command] or option in ALWAYS_VALID:
        return None
    return f"{rel}:{no}: ./poolbench {command} has no option {option}"


def code_option_problems(rel, code, commands):
    problems, command = [], None
    for no, line in enumerate(code, 1):
        text = line.split(" #")[0]
        m = MENTION.search(text)
        if m:
            command = m.group(1)
            text = text[m.end():]
        elif not (no > 1 and code[no - 2].rstrip().endswith("\\")):
            command = None  # a line of its own, not the continuation of a poolbench command
        for option in OPTION.findall(text) if command else []:
            p = option_problem(rel, no, command, option, commands)
            if p:
                problems.append(p)
    return problems


BLOCK_START = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|\||#)")


def paragraphs(prose):
    """(first line number, lines) of each paragraph; a list item, table row or heading starts one."""
    block, start = [], 0
    for no, line in enumerate(prose, 1):
        if not line.strip() or BLOCK_START.match(line):
            if block:
                yield start, block
            block, start = ([line], no) if line.strip() and not line.lstrip().startswith("#") else ([], 0)
        else:
            if not block:
                start = no
            block.append(line)
    if block:
        yield start, block


def prose_option_problems(rel, prose, commands):
    """Code spans: `poolbench X --opt` must be X's; a lone `--opt` in a paragraph that names a
    poolbench command must be some command's (prose does not say which one it means)."""
    problems = []
    for start, block in paragraphs(prose):
        mentioned = {m.group(1) for line in block for m in MENTION.finditer(line) if m.group(1) in commands}
        for no, line in enumerate(block, start):
            for span in CODE_SPAN.finditer(line):
                inner = span.group(2)
                m = MENTION.search(inner)
                if m:
                    candidates, inner = {m.group(1)}, inner[m.end():]
                elif inner.lstrip().startswith("--") and mentioned:
                    candidates = set(commands)  # a knob of one of them: which one, prose cannot say
                else:
                    continue
                for option in OPTION.findall(inner):
                    if all(option_problem(rel, no, c, option, commands) for c in candidates):
                        problems.append(option_problem(rel, no, m.group(1), option, commands) if m else
                                        f"{rel}:{no}: no ./poolbench command has the option {option}")
    return problems


def script_commands(root):
    """(commands the usage text lists, commands the case dispatch runs), or None."""
    script = read_text(os.path.join(root, "poolbench"))
    usage = script and re.search(r"usage\(\)\s*\{\s*cat <<'USAGE'\n(.*?)\nUSAGE", script, re.S)
    case = script and re.search(r'case "\$\{1:-\}" in\n(.*?)\nesac', script, re.S)
    if not usage or not case:
        return None
    listed = set(re.findall(r"^  ([a-z][a-z-]*)\b", usage.group(1).split("commands:", 1)[-1], re.M))
    dispatched = set()
    for pattern in re.findall(r"^\s*([^\s)]+)\)", case.group(1), re.M):
        dispatched |= {p for p in pattern.split("|") if re.fullmatch(r"[a-z][a-z-]*", p) and p != "help"}
    return listed, dispatched


def check_usage(root):
    commands = script_commands(root)
    if commands is None:
        return ["poolbench: cannot find the script, its usage text or its case dispatch"]
    listed, dispatched = commands
    problems = [f"poolbench: usage names '{c}', which the case dispatch does not run" for c in sorted(listed - dispatched)]
    problems += [f"poolbench: the case dispatch runs '{c}', which the usage does not name" for c in sorted(dispatched - listed)]
    return problems


def check_mentions(root, md_files):
    """`./poolbench X` in the docs: X must be a command the script dispatches."""
    commands = script_commands(root)
    if commands is None:
        return []
    problems = []
    for rel in md_files:
        for no, line in enumerate((read_text(os.path.join(root, rel)) or "").split("\n"), 1):
            for name in re.findall(r"\./poolbench\s+([a-z][a-z-]*)", line):
                if name not in commands[1]:
                    problems.append(f"{rel}:{no}: ./poolbench has no command '{name}'")
    return problems


EXTRA_VAR = re.compile(r"(?<![\w-])(?:-e|--extra-vars)\s+[\"']?([A-Za-z_]\w*)=")
TF_VAR = re.compile(r"(?<![\w-])-var(?:\s+|=)[\"']?([A-Za-z_][\w-]*)=")
YAML_KEY = re.compile(r"^(\s*)([A-Za-z_]\w*):(?:\s|$)")
VARS_BLOCK = re.compile(r"^(\s*)(- )?vars:\s*$")
TF_ROOTS = ("terraform", "terraform/local")


def ansible_variables(root, files):
    """The variables ansible/ defines or reads: top-level keys of defaults/, vars/, group_vars/ and
    host_vars/ files, the keys of every `vars:` block, and every poolbench_* name in its files."""
    names = set()
    for rel in files:
        if not rel.startswith("ansible/"):
            continue
        text = read_text(os.path.join(root, rel)) or ""
        names |= set(re.findall(r"(?<!\w)poolbench_\w+", text))
        if not re.search(r"\.ya?ml(\.example)?$", rel):
            continue
        lines = text.split("\n")
        if {"defaults", "vars", "group_vars", "host_vars"} & set(rel.split("/")):
            names |= {m.group(2) for m in map(YAML_KEY.match, lines) if m and not m.group(1)}
        for i, line in enumerate(lines):
            block = VARS_BLOCK.match(line)
            if not block:
                continue
            base, level = len(block.group(1)) + len(block.group(2) or ""), None
            for following in lines[i + 1:]:
                if not following.strip() or following.lstrip().startswith("#"):
                    continue
                indent = len(following) - len(following.lstrip())
                if indent <= base:
                    break
                level = indent if level is None else level
                key = YAML_KEY.match(following)
                if key and indent == level:
                    names.add(key.group(2))
    return names


def terraform_variables(root, files):
    """The `variable "NAME"` blocks of each Terraform root (its own *.tf files, not its modules')."""
    found = {r: set() for r in TF_ROOTS}
    for rel in files:
        if os.path.dirname(rel) in found and rel.endswith(".tf"):
            text = read_text(os.path.join(root, rel)) or ""
            found[os.path.dirname(rel)] |= set(re.findall(r'^\s*variable\s+"([^"]+)"', text, re.M))
    return found


def variable_problems(where, text, context, names, lower_only=False):
    """The -e names (names[0]: ansible/'s; None: not an ansible-playbook line) and -var names
    (names[1]: per Terraform root, the root read from context) of text that nothing defines."""
    ansible, terraform = names
    problems = []
    for name in EXTRA_VAR.findall(text) if ansible is not None else []:
        if name not in ansible and not name.startswith("ansible_") and not (lower_only and name != name.lower()):
            problems.append(f"{where}: -e {name}: no variable of ansible/ has that name (Ansible takes it silently)")
    if "terraform/local" in context:
        roots = ["terraform/local"]
    elif re.search(r"-chdir=terraform(?![\w/])", context):
        roots = ["terraform"]
    else:
        roots = list(TF_ROOTS)
    for name in TF_VAR.findall(text):
        if not any(name in terraform[r] for r in roots):
            problems.append(f"{where}: -var {name}: no variable \"{name}\" in {' or '.join(r + '/' for r in roots)}")
    return problems


def check_variables(root, md_files, files):
    """-e NAME= of ansible-playbook and -var NAME= of terraform, in code blocks and code spans."""
    ansible, terraform = ansible_variables(root, files), terraform_variables(root, files)
    problems = []
    for rel in md_files:
        inside, playbook, command = False, False, ""
        for no, line in enumerate((read_text(os.path.join(root, rel)) or "").split("\n"), 1):
            if FENCE.match(line):
                inside, playbook, command = not inside, False, ""
                continue
            if inside:
                text = line.split(" #")[0]
                # The command a line belongs to: itself, or the one it continues (a trailing \).
                command = command + " " + text if command.rstrip().endswith("\\") else text
                playbook = playbook or "ansible-playbook" in text
                problems += variable_problems(f"{rel}:{no}", text, command, (ansible if playbook else None, terraform))
                continue
            for span in CODE_SPAN.finditer(line):
                problems += variable_problems(f"{rel}:{no}", span.group(2), span.group(2), (ansible, terraform), True)
    return problems


def check(root):
    files = tracked_files(root)
    md = [f for f in files if f.endswith(".md")]
    return (check_links(root, md) + check_shared(root, files) + check_mentions(root, md)
            + check_options(root, md, command_options(root, files)) + check_usage(root)
            + check_variables(root, md, files))


SELF_TEST_FILES = {
    "poolbench": "usage() {\n  cat <<'USAGE'\ncommands:\n  compare [options]   x\n  test   y\n%s"
                 "USAGE\n}\ncase \"${1:-}\" in\n  compare) a ;;\n  test) b ;;\n  -h|--help|help|\"\") usage ;;\n"
                 "  *) c ;;\nesac\n",
    "src/main/java/C.java": "@Command(name = \"compare\")\nclass C {\n  @Option(names = {\"--runs\", \"-r\"}) int r;\n"
                            "  @Mixin\n  private M m;\n}\n",
    "src/main/java/M.java": "class M {\n  @Option(names = \"--duet\") boolean d;\n}\n",
    "docs/b.md": "# B\n\n## Duet runs\n\ntext\n",
    "ansible/roles/r/defaults/main.yml": "---\npoolbench_quick: false\n",
    "ansible/site.yml": "- name: P\n  hosts: all\n  vars:\n    __plan: hikari\n  tasks:\n    - ansible.builtin.debug:\n"
                        "        msg: \"{{ poolbench_profiles | default(__plan) }}\"\n",
    "terraform/variables.tf": "variable \"topology\" {\n  type = string\n}\n",
    "terraform/local/variables.tf": "variable \"lanes\" {\n  type = number\n}\n",
    "README.md": "# A\n\n[ok](docs/b.md#duet-runs) ![img](docs/b.md)\n\n`./poolbench compare --runs 3 --duet`\n\n"
                 "The knob `--runs` of `./poolbench compare`.\n\n```sh\ngrep -e FOO=1 notes.txt\n"
                 "ansible-playbook site.yml -e poolbench_quick=true \\\n  -e __plan=dbcp2\n-e poolbench_profiles=hikari\n"
                 "terraform -chdir=terraform/local apply \\\n  -var lanes=2\nterraform -chdir=terraform apply -var 'topology=split3'\n"
                 "```\n\n`-e poolbench_quick=true`, `-var lanes=2`, `docker run -e FOO=1`.\n%s",
}
BROKEN = ("  bogus  z\n",
          "[gone](docs/nothing.md) [anchor](docs/b.md#solo-runs)\n\n`./poolbench compare --rnus 3`\n\n"
          "See " + SHARED + "/spec. Then `./poolbench comapre`.\n\n```sh\nansible-playbook site.yml \\\n"
          "  -e poolbench_quikc=true\nterraform -chdir=terraform apply -var 'lanes=2'\n```\n\n`-var lnaes=2`\n")
EXPECTED = ["no such file", "no heading with anchor #solo-runs", "has no option --rnus",
            "refers to " + SHARED, "usage names 'bogus'", "no command 'comapre'",
            "-e poolbench_quikc: no variable of ansible/", "-var lanes: no variable \"lanes\" in terraform/",
            "-var lnaes: no variable \"lnaes\" in terraform/ or terraform/local/"]


def self_test():
    """Problems of every kind must be found in a broken scratch repository, none in its clean twin."""
    failures = []
    for broken in (False, True):
        with tempfile.TemporaryDirectory() as root:
            for rel, text in SELF_TEST_FILES.items():
                os.makedirs(os.path.dirname(os.path.join(root, rel)) or root, exist_ok=True)
                if "%s" in text:
                    text = text % (BROKEN[0] if rel == "poolbench" else BROKEN[1]) if broken else text % ""
                with open(os.path.join(root, rel), "w") as f:
                    f.write(text)
            found = check(root)
            if not broken and found:
                failures += [f"self-test: the clean repository was reported: {p}" for p in found]
            if broken:
                failures += [f"self-test: not reported: {e}" for e in EXPECTED if not any(e in p for p in found)]
    return failures


def main():
    parser = argparse.ArgumentParser(description="Check the documentation against the repository.")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--no-self-test", action="store_true", help="skip the self-test")
    args = parser.parse_args()
    problems = [] if args.no_self_test else self_test()
    problems += check(args.root)
    for p in problems:
        print(p)
    print(f"check_docs: {len(problems)} problem(s)" if problems else "check_docs: documentation consistent")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
