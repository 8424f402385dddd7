#!/bin/sh
# Makes, once, a Python virtual environment holding tosca-parser (the parser Tacker loads
# VNF packages with) under DIR (default target/tosca-parser) and prints its python; exit 3
# without a Python 3 (tests/python_venv.sh). Used by the tests
# (tests/it/support/tosca_parser.rs) and by .ci/run, which runs it first.
exec sh "$(dirname "$0")/../python_venv.sh" "${1:-target/tosca-parser}" tosca-parser==2.15.0
