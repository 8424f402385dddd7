#!/bin/sh
# Makes, once, a Python virtual environment holding PACKAGE==VERSION from the Python
# package registry under DIR and prints its python:
#   sh tests/python/venv.sh DIR PACKAGE VERSION
# The base interpreter is $VNFWIZ_PYTHON, else python3 on PATH. Exit 3 when no Python 3
# with the venv module is found; any other failure is an error. Used by the tests that run
# real Python tools on what vnfwiz writes (tosca-parser, pre-commit) and by .ci/run.
set -eu

dir=$1
package=$2
version=$3
venv="$dir/venv-$version"
if [ -x "$venv/bin/python" ]; then
  echo "$venv/bin/python"
  exit 0
fi
python=${VNFWIZ_PYTHON:-$(command -v python3 || true)}
if [ -z "$python" ]; then
  echo "no python3 on PATH" >&2
  exit 3
fi
if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "$python has no venv or ensurepip module (Debian: apt-get install python3-venv)" >&2
  exit 3
fi
mkdir -p "$dir"
tmp=$(mktemp -d "$dir/.venv-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv "$tmp"
"$tmp/bin/python" -m pip install --quiet --disable-pip-version-check "$package==$version" >&2
# Another run may have finished first; its environment is as good.
[ -e "$venv" ] || mv "$tmp" "$venv"
echo "$venv/bin/python"
