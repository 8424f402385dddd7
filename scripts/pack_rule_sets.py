#!/usr/bin/env python3
"""Turns rule fixture sets written as whole folders into `<set>.patch` files.

Usage, from the repository root:
    python3 scripts/pack_rule_sets.py RULE_FOLDER...   (e.g. tests/fixtures/rules/R-50436)

Each `pass*` or `fail*` folder of the rule is compared with every base VNF under
tests/fixtures/rules/_base/ and, for a `fail*` set, with the rule's `pass*` folders; where
the smallest difference is under half the set's size, the folder is replaced by
`<set>.patch` (`base:`, `remove:` and the unified diff, tests/fixtures/rules/README.md).
Other sets stay folders. Run the rule's test afterwards (`cargo test --test it r_50436`):
the harness applies the patch and compares the findings with the snapshot.
"""

import difflib
import os
import re
import shutil
import sys

RULES = os.path.join("tests", "fixtures", "rules")
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


def main(folders):
    if not folders:
        sys.exit(__doc__)
    bases = {
        "_base/" + n: files_of(os.path.join(BASES, n))
        for n in sorted(os.listdir(BASES))
        if os.path.isdir(os.path.join(BASES, n))
    }
    for folder in folders:
        pack(folder, bases)


if __name__ == "__main__":
    main(sys.argv[1:])
