#!/usr/bin/env bash
# Rebuilds data/heat_catalogue.json from Heat's own resource plugins (docs/heat-catalogue.md).
# Run by hand, never at build time: it installs each listed openstack-heat release from PyPI
# into its own virtual environment under $WORK (default: a temporary folder), reads every
# resource plugin's schemas (extract.py), and merges them with the Contrail facts kept in
# contrail.json (merge.py). The newest release comes first and decides a type's schema;
# older releases add the types it no longer has, or has only as placeholders.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
releases=("${@:-27.0.1 16.1.0}")
read -r -a releases <<<"${releases[*]}"
work="${WORK:-$(mktemp -d)}"
python="${PYTHON:-python3}"

extracted=()
for release in "${releases[@]}"; do
    venv="$work/heat-$release"
    if [ ! -x "$venv/bin/python" ]; then
        "$python" -m venv "$venv"
        "$venv/bin/pip" install --quiet "openstack-heat==$release"
        # An older release needs the libraries of its time (pins-<release>.txt).
        if [ -f "$here/pins-$release.txt" ]; then
            "$venv/bin/pip" install --quiet -r "$here/pins-$release.txt"
        fi
    fi
    out="$work/heat-$release.json"
    "$venv/bin/python" "$here/extract.py" >"$out"
    extracted+=("$out")
done

"$python" "$here/merge.py" --contrail "$here/contrail.json" "${extracted[@]}" \
    >"$root/data/heat_catalogue.json"
echo "wrote $root/data/heat_catalogue.json from openstack-heat ${releases[*]}"
