#!/bin/sh
# Makes, once, a Python virtual environment holding openstack-heat (Heat's engine, API and
# heatclient) under DIR (default target/heat) and prints its python; exit 3 when no Python 3
# with venv is found (tests/python/venv.sh does the work). It is the oracle of the `heat`
# profile (tests/heat/check.py, tests/it/heat_oracle.rs); .ci/run runs it first.
set -eu
exec sh "$(dirname "$0")/../python/venv.sh" "${1:-target/heat}" openstack-heat 27.0.1
