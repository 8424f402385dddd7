"""Merges the per-release extracts of extract.py and the Contrail facts into one catalogue.

Usage: merge.py --contrail contrail.json NEWEST.json [OLDER.json ...] > heat_types.json

The first extract is the release the catalogue follows. A type it defines keeps its schema;
a type it has only as a placeholder (Heat's stand-in for a retired service, which accepts
anything) or not at all takes the schema of the newest older release that still defines it.
Every type records the releases that define it.
"""

import argparse
import json
import sys

FORMAT = 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--contrail", required=True)
    parser.add_argument("extracts", nargs="+")
    args = parser.parse_args()

    extracts = []
    for path in args.extracts:
        with open(path) as f:
            extracts.append(json.load(f))
    with open(args.contrail) as f:
        contrail = json.load(f)

    types = {}
    for extract in extracts:
        release = extract["version"]
        for name, facts in extract["types"].items():
            entry = types.get(name)
            if entry is None:
                entry = dict(facts)
                entry["releases"] = [release]
                if facts.get("placeholder"):
                    entry["placeholder_in"] = [release]
                types[name] = entry
                continue
            entry["releases"].append(release)
            if entry.get("placeholder") and not facts.get("placeholder"):
                # Retired in the newer release: check against the last real schema.
                kept = {k: entry[k] for k in ("releases", "placeholder_in")}
                entry.clear()
                entry.update(facts)
                entry.update(kept)
                entry["schema_from"] = release
            elif facts.get("placeholder"):
                entry.setdefault("placeholder_in", []).append(release)
    for name, entry in types.items():
        if "schema_from" not in entry and entry["releases"][0] != extracts[0]["version"]:
            entry["schema_from"] = entry["releases"][0]

    aliases = {}
    for extract in reversed(extracts):
        aliases.update(extract["aliases"])

    for name, facts in contrail["types"].items():
        if name in types:
            sys.exit(f"{name} is both a Heat type and a Contrail type")
        entry = dict(facts)
        entry["vendor"] = "contrail"
        types[name] = entry

    json.dump({
        "format": FORMAT,
        "generated_by": "scripts/heat_types/regenerate.sh (do not edit by hand)",
        "heat": {
            "package": "openstack-heat",
            "follows": extracts[0]["version"],
            "releases": [e["version"] for e in extracts],
        },
        "contrail": contrail["source"],
        "aliases": dict(sorted(aliases.items())),
        "types": dict(sorted(types.items())),
    }, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
