#!/usr/bin/env bash
# Rebuilds data/heat_types.json from Heat's own resource plugins and the Contrail plugin's
# source (docs/heat-types.md). Run by hand, never at build time: it installs each listed
# openstack-heat release from PyPI into its own virtual environment under $WORK (default: a
# temporary folder), reads every resource plugin's schemas (extract.py), reads the Contrail
# plugin's resource modules at a pinned commit (contrail.py), and merges them (merge.py).
# The newest release comes first and decides a type's schema; older releases add the types
# it no longer has, or has only as placeholders.
# CONTRAIL_GIT names a git directory holding the plugin's history (a mirror or a clone);
# without it the plugin is cloned from GitHub.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
releases=("${@:-27.0.1 16.1.0}")
read -r -a releases <<<"${releases[*]}"
work="${WORK:-$(mktemp -d)}"
python="${PYTHON:-python3}"

# Tungsten Fabric's heat plugin, the successor of Juniper/contrail-heat (its last commit).
contrail_repository=tungstenfabric/tf-heat-plugin
contrail_commit=0c25f5fcbd10406661a6f393193206f6fe0f431d

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

plugin="$work/tf-heat-plugin-$contrail_commit"
if [ ! -d "$plugin" ]; then
    git_dir="${CONTRAIL_GIT:-$work/tf-heat-plugin.git}"
    if [ ! -d "$git_dir" ]; then
        git clone --quiet --bare "https://github.com/$contrail_repository" "$git_dir"
    fi
    mkdir -p "$plugin.tmp"
    git --git-dir="$git_dir" archive "$contrail_commit" | tar -x -C "$plugin.tmp"
    mv "$plugin.tmp" "$plugin"
fi
"$python" "$here/contrail.py" "$plugin" "$contrail_repository" "$contrail_commit" \
    >"$work/contrail.json"

"$python" "$here/merge.py" --contrail "$work/contrail.json" "${extracted[@]}" \
    >"$root/data/heat_types.json"
echo "wrote $root/data/heat_types.json from openstack-heat ${releases[*]}" \
    "and $contrail_repository $contrail_commit"
