#!/usr/bin/env python3
"""The rule fixtures' sets (tests/fixtures/rules/README.md) as folders and as patches.

Usage, from the repository root:
    python3 scripts/rule_sets.py pack RULE_FOLDER...   (e.g. tests/fixtures/rules/R-50436)
    python3 scripts/rule_sets.py unpack SET OUT        (e.g. tests/fixtures/rules/R-50436/fail.patch)

`pack` compares each `pass*` or `fail*` folder of the rule with every base VNF under
tests/fixtures/rules/_base/ and, for a `fail*` set, with the rule's `pass*` folders; where
the smallest difference is under half the set's size, the folder is replaced by
`<set>.patch` (`base:`, `remove:` and the unified diff). Other sets stay folders. Run the
rule's test afterwards (`cargo test --test it r_50436`): the harness applies the patch with
diffy and compares the findings with the snapshot.

`unpack` writes a set whole into the folder OUT (its base copied, what `remove:` lists
deleted, the diff applied with GNU patch), to look at it or run `vnfwiz validate OUT`;
fuzz/seed.py seeds from the sets written so.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys

RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "rules")
BASES = os.path.join(RULES, "_base")


def files_of(folder):
    """Path in the folder (with `/`) to bytes, for every file under it."""
    out = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            out[os.path.relpath(path, folder).replace(os.sep, "/")] = open(path, "rb").read()
    return out


def text_of(data):
    """The bytes as text, or None for a binary file."""
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def lines_of(text):
    """Lines split after each `\\n` only (the last one may lack it)."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def file_diff(name, old, new):
    """A unified diff with three lines of context; `old` None creates the file."""
    out = []
    lines = difflib.unified_diff(
        lines_of(old) if old is not None else [],
        lines_of(new),
        "a/" + name if old is not None else "/dev/null",
        "b/" + name,
    )
    for line in lines:
        out.append(line)
        if not line.endswith("\n"):
            out.append("\n\\ No newline at end of file\n")
    return "".join(out)


def patch_over(files, base):
    """(`remove:` names, diff) of `files` over `base`, or None where no text patch gives it."""
    removed = sorted(set(base) - set(files))
    diff = []
    for name in sorted(files):
        new, old = files[name], base.get(name)
        if new == old:
            continue
        new_text = text_of(new)
        old_text = text_of(old) if old is not None else None
        if new_text is None or (old is not None and old_text is None):
            return None
        if old is None and not new_text:
            return None  # an empty new file has no line to add
        diff.append(file_diff(name, old_text, new_text))
    return removed, "".join(diff)


def patch_text(base_name, removed, diff):
    header = f"base: {base_name}\n"
    if removed:
        header += "remove: " + " ".join(removed) + "\n"
    return header + diff


def pack(rule_folder, bases):
    names = sorted(
        n
        for n in os.listdir(rule_folder)
        if n.startswith(("pass", "fail")) and os.path.isdir(os.path.join(rule_folder, n))
    )
    sets = {n: files_of(os.path.join(rule_folder, n)) for n in names}
    packed = {}
    for name in names:
        own = sum(len(b) for b in sets[name].values())
        candidates = []
        if name.startswith("fail"):
            candidates += [(s, sets[s]) for s in names if s.startswith("pass")]
        candidates += sorted(bases.items())
        best = None
        for base_name, base in candidates:
            found = patch_over(sets[name], base)
            if found is None:
                continue
            text = patch_text(base_name, *found)
            # Ties go to the earlier candidate: a fail set's pass sibling before a base.
            if best is None or len(text) < len(best):
                best = text
        if best is not None and len(best) < own / 2:
            packed[name] = best
    for name, text in packed.items():
        with open(os.path.join(rule_folder, name + ".patch"), "w") as f:
            f.write(text)
        shutil.rmtree(os.path.join(rule_folder, name))
        print(f"{os.path.join(rule_folder, name)}.patch: {text.splitlines()[0]}")
    for name in names:
        if name not in packed:
            print(f"{os.path.join(rule_folder, name)}/: kept as a folder")


def unpack(source, out):
    """Writes the set at `source` (a folder, or a `<set>.patch`) whole into the folder `out`."""
    if os.path.isdir(source):
        shutil.copytree(source, out, dirs_exist_ok=True)
        return
    text = open(source).read()
    at = re.search(r"^--- ", text, re.M)
    header, diff = (text[: at.start()], text[at.start():]) if at else (text, "")
    fields = dict(
        line.split(":", 1) for line in header.splitlines() if line.strip() and not line.startswith("#")
    )
    base = fields["base"].strip()
    if base.startswith("_base/"):
        shutil.copytree(os.path.join(RULES, base), out, dirs_exist_ok=True)
    else:
        sibling = os.path.join(os.path.dirname(source), base)
        unpack(sibling if os.path.isdir(sibling) else sibling + ".patch", out)
    for name in fields.get("remove", "").split():
        os.remove(os.path.join(out, name))
    if diff:
        subprocess.run(
            ["patch", "--quiet", "--strip=1", "--fuzz=0", "--no-backup-if-mismatch", "--directory", out],
            input=diff,
            text=True,
            check=True,
        )


def main(args):
    if args[:1] == ["pack"] and args[1:]:
        bases = {
            "_base/" + n: files_of(os.path.join(BASES, n))
            for n in sorted(os.listdir(BASES))
            if os.path.isdir(os.path.join(BASES, n))
        }
        for folder in args[1:]:
            pack(folder, bases)
    elif args[:1] == ["unpack"] and len(args) == 3:
        unpack(args[1], args[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
