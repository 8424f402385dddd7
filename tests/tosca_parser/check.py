"""Loads CSARs with tosca-parser the way Tacker does, offline.

usage: check.py SOL001_DIR CSAR...

Each CSAR is loaded whole (TOSCA.meta, the VNFD with its imports, artifacts, every
substitution mapping), then every file under Definitions/ on its own. Imports of ETSI's
SOL001 type files by URL resolve to the copies in SOL001_DIR, as Tacker resolves them to
its bundled copies; any other URL import is an unresolved import and fails the file
(nothing is fetched). Prints one line per file checked, the parser's errors under a
failing one, and exits 1 when anything failed.
"""

import contextlib
import io
import logging
import os
import sys
import tempfile
import zipfile

import toscaparser.imports
from toscaparser.tosca_template import ToscaTemplate

ETSI = "https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/"
TYPE_FILES = ("etsi_nfv_sol001_common_types.yaml", "etsi_nfv_sol001_vnfd_types.yaml")


class UnresolvedImport(Exception):
    pass


def offline(local_defs):
    """Every import loader (the CSAR pre-check's too) resolves ETSI's URLs locally and
    refuses to fetch anything else."""
    load = toscaparser.imports.YAML_LOADER

    def load_local(path, a_file=True):
        if not a_file:
            raise UnresolvedImport(f"unresolved import of {path} (vnfwiz packages fetch nothing)")
        return load(path, a_file)

    toscaparser.imports.YAML_LOADER = load_local
    init = toscaparser.imports.ImportsLoader.__init__

    def init_offline(self, importslist, path, type_definition_list=None, tpl=None, local_defs_given=None):
        init(self, importslist, path, type_definition_list, tpl,
             local_defs if local_defs_given is None else local_defs_given)

    toscaparser.imports.ImportsLoader.__init__ = init_offline


def errors_of(path, local_defs):
    """The parser's errors for one CSAR or VNFD file, or [] when it loads."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            ToscaTemplate(path, None, True, local_defs=local_defs)
    except UnresolvedImport as error:
        return [str(error)]
    except Exception as error:  # tosca-parser reports everything as one ValidationError
        lines = [line.strip() for line in str(error).splitlines()]
        found = [line for line in lines if "Error:" in line or "Exception:" in line]
        return found or [line for line in lines if line]
    return []


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    sol001, csars = argv[1], argv[2:]
    local_defs = {ETSI + name: os.path.join(sol001, name) for name in TYPE_FILES}
    offline(local_defs)
    # The parser logs every unset input at INFO and prints a line per file; keep the
    # report to verdicts.
    logging.disable(logging.CRITICAL)
    failed = 0
    for csar in csars:
        checks = [(csar, csar)]
        with tempfile.TemporaryDirectory() as unpacked:
            with zipfile.ZipFile(csar) as archive:
                archive.extractall(unpacked)
            definitions = os.path.join(unpacked, "Definitions")
            for name in sorted(os.listdir(definitions)):
                if name.endswith((".yaml", ".yml")):
                    checks.append((f"{csar}!Definitions/{name}", os.path.join(definitions, name)))
            for label, path in checks:
                errors = errors_of(path, local_defs)
                print(("FAIL " if errors else "ok   ") + label)
                for error in errors:
                    print("     " + error)
                failed += bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
