#!/bin/sh
# Makes, once, a Python virtual environment holding tosca-parser (the parser Tacker loads
# VNF packages with) under DIR (default target/tosca-parser) and prints its python; exit 3
# when no Python 3 with venv is found (tests/python/venv.sh does the work).
# Used by the tests (tests/it/support/tosca_parser.rs) and by .ci/run, which runs it first.
set -eu
exec sh "$(dirname "$0")/../python/venv.sh" "${1:-target/tosca-parser}" tosca-parser 2.15.0
