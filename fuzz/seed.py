#!/usr/bin/env python3
"""Builds fuzz/corpus/<target>/ from the project's fixtures (small files only).

Run from the repository root: python3 fuzz/seed.py. Multi-file targets get their parts
joined with the separator fuzz/src/lib.rs splits on. The rule fixtures written as patches
(tests/fixtures/rules/README.md) are written out first (scripts/rule_sets.py, GNU patch).
"""

import glob
import io
import os
import re
import sys
import tarfile
import tempfile
import zipfile

sys.path.insert(0, "scripts")
import rule_sets  # noqa: E402

FIXTURES = os.path.join("tests", "fixtures")
# The folders walked for seeds: the fixtures, then the patched rule sets written out.
ROOTS = [FIXTURES]
CORPUS = os.path.join("fuzz", "corpus")
SEPARATOR = b"\n--8<--\n"
SMALL = 64 << 10


def walk():
    for root in ROOTS:
        yield from os.walk(root)


def unpack_rule_sets(into):
    """Each rule fixture given as a `<set>.patch`, written out whole under `into`."""
    rules = os.path.join(FIXTURES, "rules")
    for patch in sorted(glob.glob(os.path.join(rules, "**", "*.patch"), recursive=True)):
        out = os.path.join(into, os.path.relpath(patch, rules)[: -len(".patch")])
        os.makedirs(out)
        rule_sets.unpack(patch, out)
    ROOTS.append(into)


def files(suffixes):
    for folder, _, names in walk():
        for name in sorted(names):
            if name.endswith(suffixes):
                path = os.path.join(folder, name)
                if os.path.getsize(path) <= SMALL:
                    yield path


def read(path):
    with open(path, "rb") as f:
        return f.read()


def put(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
    with open(os.path.join(folder, safe), "wb") as f:
        f.write(data)


def seed_plain():
    for path in files((".yaml", ".yml")):
        put("yaml_loader", path, read(path))
    for path in files((".env",)):
        put("hot_environment", path, read(path))
    for path in files(("MANIFEST.json",)):
        put("heat_manifest_json", path, read(path))
    for path in files((".ovf",)):
        put("ovf_descriptor", path, read(path))
    for path in files((".mf",)):
        put("manifest", path, read(path))
    for path in files((".cert",)):
        manifest = path[: -len(".cert")] + ".mf"
        signed = read(manifest) if os.path.exists(manifest) else b""
        put("certificate", path, read(path) + SEPARATOR + signed)
    for path in files((".ova", ".csar")):
        target = "ova" if path.endswith(".ova") else "hot_zip"
        put(target, path, read(path))


def template_folders():
    """Folders holding a HOT template directly (rule fixtures, capabilities, packages)."""
    for folder, _, names in walk():
        texts = [n for n in names if n.endswith((".yaml", ".env", ".json"))]
        if any(b"heat_template_version" in read(os.path.join(folder, n)) for n in texts):
            yield folder, sorted(names)


def seed_zips():
    """Stored (uncompressed) zips, so mutations reach the template bytes; every fourth
    folder also deflated, so they reach the inflater and its size checks too."""
    for index, (folder, names) in enumerate(template_folders()):
        methods = [("", zipfile.ZIP_STORED)]
        if index % 4 == 0:
            methods.append((":deflated", zipfile.ZIP_DEFLATED))
        for suffix, method in methods:
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", method) as archive:
                for name in names:
                    path = os.path.join(folder, name)
                    if os.path.getsize(path) <= SMALL:
                        archive.write(path, name)
            if len(buffer.getvalue()) <= SMALL:
                put("hot_zip", folder + suffix, buffer.getvalue())


def seed_ova():
    """Tars of small OVF folders (descriptor first, then the manifest and the rest)."""
    for path in files((".ovf",)):
        folder = os.path.dirname(path)
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
            names = sorted(os.listdir(folder), key=lambda n: (not n.endswith(".ovf"), n))
            for name in names:
                full = os.path.join(folder, name)
                if os.path.isfile(full) and os.path.getsize(full) <= SMALL:
                    archive.add(full, name)
        if len(buffer.getvalue()) <= 4 * SMALL:
            put("ova", path, buffer.getvalue())


def seed_csar():
    """Parts in fuzz_targets/csar.rs's order, with TOSCA.meta pointing at its names."""
    for meta_path in files(("TOSCA.meta",)):
        root = os.path.dirname(os.path.dirname(meta_path))
        meta = read(meta_path).decode("utf-8", "replace")
        entry = re.search(r"^Entry-Definitions:\s*(\S+)", meta, re.M)
        manifest = re.search(r"^ETSI-Entry-Manifest:\s*(\S+)", meta, re.M)
        certificate = re.search(r"^ETSI-Entry-Certificate:\s*(\S+)", meta, re.M)
        meta = re.sub(r"^Entry-Definitions:.*$", "Entry-Definitions: Definitions/vnfd.yaml", meta, flags=re.M)
        meta = re.sub(r"^ETSI-Entry-Manifest:.*$", "ETSI-Entry-Manifest: vnfd.mf", meta, flags=re.M)
        meta = re.sub(r"^ETSI-Entry-Certificate:.*$", "ETSI-Entry-Certificate: vnfd.cert", meta, flags=re.M)

        def part(match):
            path = match and os.path.join(root, match.group(1))
            return read(path) if path and os.path.isfile(path) else b""

        vnfd = part(entry)
        imported = re.search(rb"^\s*-\s*(\w[\w.-]*\.yaml)\s*$", vnfd, re.M)
        types = b""
        if imported and entry:
            local = os.path.join(root, os.path.dirname(entry.group(1)), imported.group(1).decode())
            types = read(local) if os.path.isfile(local) else b""
            vnfd = vnfd.replace(imported.group(1), b"types.yaml")
        base_hot = b""
        hot_folder = os.path.join(root, "BaseHOT")
        for folder, _, names in os.walk(hot_folder):
            for name in sorted(names):
                if name.endswith(".yaml") and not base_hot:
                    base_hot = read(os.path.join(folder, name))
        parts = [meta.encode(), vnfd, types, part(manifest), part(certificate), base_hot]
        put("csar", meta_path, SEPARATOR.join(parts))


def seed_signatures():
    """CMS signatures of SOL004 manifests, decoded, with the manifest they sign."""
    pattern = re.compile(rb"-----BEGIN CMS-----\s*(.*?)-----END CMS-----", re.S)
    import base64

    for path in files((".mf",)):
        data = read(path)
        match = pattern.search(data)
        if match:
            der = base64.b64decode(re.sub(rb"\s+", b"", match.group(1)), validate=False)
            put("certificate", path + ".cms", der + SEPARATOR + data[: match.start()])


if __name__ == "__main__":
    unpacked = tempfile.TemporaryDirectory(prefix="vnfwiz-seed-")
    unpack_rule_sets(unpacked.name)
    seed_plain()
    seed_zips()
    seed_ova()
    seed_csar()
    seed_signatures()
    for target in sorted(os.listdir(CORPUS)):
        print(target, len(os.listdir(os.path.join(CORPUS, target))))
