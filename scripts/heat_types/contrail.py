"""Reads the Contrail Heat plugin's resource types from its source and prints them as JSON.

Usage: contrail.py PLUGIN_DIR REPOSITORY COMMIT > contrail.json

PLUGIN_DIR is a checkout of the plugin (Tungsten Fabric's `tf-heat-plugin`); REPOSITORY and
COMMIT name it in the output. The plugin cannot be imported here (it needs Contrail's
`vnc_api` and a Heat of its time), so its modules are parsed, not run: every module of
`generated/resources/` (the `OS::ContrailV2::*` types, generated from Contrail's schema) and
`contrail_heat/resources/` (the hand-written `OS::Contrail::*` types) is read with Python's
`ast`, each type of its `resource_mapping()` found, and the class's `properties_schema` and
`attributes_schema` evaluated from their literal text: `properties.Schema(...)`,
`attributes.Schema(...)`, `constraints.AllowedValues/Range/Length/AllowedPattern(...)`, the
names the class binds (`PROPERTIES = (NAME, ...) = ('name', ...)`) and its other class-level
dictionaries. Anything else in a schema stops the run with its file and line, so a change
in the plugin's style is noticed rather than read wrongly.

The output has the structure merge.py reads for a type (docs/heat-types.md), with the
same reading of a schema as extract.py gives Heat's own plugins: a property is `required`
when it is required and has no default; `update` is `allowed` or `replace`; a list's
single schema is its `items`, a map's dictionary its `keys`; attributes are the class's
plus the `show` every Heat resource has.
"""

import ast
import json
import os
import sys

PROPERTY_TYPES = {
    "STRING": "string",
    "INTEGER": "integer",
    "NUMBER": "number",
    "BOOLEAN": "boolean",
    "MAP": "map",
    "LIST": "list",
    "ANY": "any",
}

PLUGIN_FOLDERS = ("generated/resources", "contrail_heat/resources")

# Hand-written types of Juniper's older `contrail-heat` that the plugin no longer has: kept
# by name (`"open"`, any property taken) so templates written for those releases are not
# told their type is unknown, with the file that defined them.
RETIRED = {
    "OS::Contrail::LogicalInterface": "contrail_heat/resources/logical_interface.py",
    "OS::Contrail::VSRX_HA": "contrail_heat/resources/vsrx_ha.py",
}


class Unreadable(Exception):
    """A schema written in a form this reader does not evaluate."""


class Prop:
    """A `properties.Schema(...)` call, evaluated."""

    def __init__(self, kind, options):
        self.kind = kind
        self.options = options


class Attr:
    """An `attributes.Schema(...)` call, evaluated."""

    def __init__(self, options):
        self.options = options


class Constraint:
    """A `constraints.<Name>(...)` call, evaluated."""

    def __init__(self, name, args, options):
        self.name = name
        self.args = args
        self.options = options


class Evaluator:
    """Evaluates the literal expressions of a plugin module's schemas."""

    def __init__(self, path, scopes):
        self.path = path
        self.scopes = scopes

    def fail(self, node, what):
        raise Unreadable(f"{self.path}:{node.lineno}: {what}: {ast.unparse(node)}")

    def eval(self, node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List)):
            return [self.eval(e) for e in node.elts]
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):
                self.fail(node, "a ** in a dictionary")
            return {self.eval(k): self.eval(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.Name):
            for scope in self.scopes:
                if node.id in scope:
                    return scope[node.id]
            self.fail(node, "a name bound nowhere in the class or module")
        if isinstance(node, ast.Attribute):
            # properties.Schema.STRING and the like.
            if (isinstance(node.value, ast.Attribute) and node.value.attr == "Schema"
                    and node.attr in PROPERTY_TYPES):
                return PROPERTY_TYPES[node.attr]
            self.fail(node, "an attribute other than a property type")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.eval(node.left) + self.eval(node.right)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.eval(node.operand)
        if isinstance(node, ast.Call):
            return self.call(node)
        self.fail(node, "an expression this reader does not evaluate")

    def call(self, node):
        name = ast.unparse(node.func)
        args = [self.eval(a) for a in node.args]
        options = {k.arg: self.eval(k.value) for k in node.keywords}
        if name == "_":
            return args[0]
        if name == "properties.Schema":
            if not args or args[0] not in PROPERTY_TYPES.values():
                self.fail(node, "a property schema without its type")
            if len(args) > 1:
                options.setdefault("description", args[1])
            return Prop(args[0], options)
        if name == "attributes.Schema":
            return Attr(options)
        if name.startswith("constraints."):
            return Constraint(name.split(".", 1)[1], args, options)
        self.fail(node, "a call this reader does not evaluate")


def bind(target, value, scope, evaluator):
    if isinstance(target, ast.Name):
        scope[target.id] = value
    elif isinstance(target, (ast.Tuple, ast.List)):
        if not isinstance(value, list) or len(value) != len(target.elts):
            evaluator.fail(target, "an unpacking of unequal length")
        for t, v in zip(target.elts, value):
            bind(t, v, scope, evaluator)


def class_scope(path, cls, module_scope):
    """The names a class body binds, evaluated in order; statements that are no plain
    assignment of a literal (methods, computed values) are skipped."""
    scope = {}
    for stmt in cls.body:
        if not isinstance(stmt, ast.Assign):
            continue
        evaluator = Evaluator(path, [scope, module_scope])
        try:
            value = evaluator.eval(stmt.value)
        except Unreadable:
            if any(isinstance(t, ast.Name) and t.id.endswith("_schema") for t in stmt.targets):
                raise
            continue
        for target in stmt.targets:
            bind(target, value, scope, evaluator)
    return scope


def module_scope(path, tree):
    scope = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            evaluator = Evaluator(path, [scope])
            try:
                value = evaluator.eval(stmt.value)
            except Unreadable:
                continue
            for target in stmt.targets:
                bind(target, value, scope, evaluator)
    return scope


def mapping_of(path, tree):
    """The `resource_mapping()` dictionary: type name to class name."""
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "resource_mapping":
            for inner in ast.walk(stmt):
                if isinstance(inner, ast.Return) and isinstance(inner.value, ast.Dict):
                    return {ast.literal_eval(k): ast.unparse(v)
                            for k, v in zip(inner.value.keys, inner.value.values)}
            raise Unreadable(f"{path}:{stmt.lineno}: resource_mapping() returns no dictionary")
    return {}


def constraint_facts(items, path):
    out = {}
    for c in items or []:
        if not isinstance(c, Constraint):
            raise Unreadable(f"{path}: a constraint that is no constraints.<Name>(...) call")
        if c.name == "AllowedValues":
            out["allowed"] = list(c.args[0] if c.args else c.options["allowed"])
        elif c.name in ("Range", "Length"):
            low = c.args[0] if c.args else c.options.get("min")
            high = c.args[1] if len(c.args) > 1 else c.options.get("max")
            out[c.name.lower()] = [low, high]
        elif c.name == "AllowedPattern":
            out["pattern"] = c.args[0] if c.args else c.options["pattern"]
        elif c.name == "CustomConstraint":
            out.setdefault("custom", []).append(c.args[0] if c.args else c.options["name"])
        else:
            raise Unreadable(f"{path}: constraints.{c.name} is not read")
    return out


def property_facts(prop, path):
    if not isinstance(prop, Prop):
        raise Unreadable(f"{path}: a property that is no properties.Schema(...) call")
    o = prop.options
    out = {"type": prop.kind}
    if o.get("required") and o.get("default") is None:
        out["required"] = True
    if o.get("immutable"):
        out["update"] = "immutable"
    elif o.get("update_allowed"):
        out["update"] = "allowed"
    else:
        out["update"] = "replace"
    out.update(constraint_facts(o.get("constraints"), path))
    nested = o.get("schema")
    if isinstance(nested, Prop):
        if prop.kind != "list":
            raise Unreadable(f"{path}: a single schema on a {prop.kind} (Heat refuses it)")
        out["items"] = property_facts(nested, path)
    elif isinstance(nested, dict):
        if prop.kind == "list":
            # A list schema keyed by position: every item follows the first (extract.py).
            out["items"] = property_facts(next(iter(nested.values())), path)
        else:
            out["keys"] = {k: property_facts(v, path) for k, v in nested.items()}
    elif nested is not None:
        raise Unreadable(f"{path}: a nested schema that is neither a schema nor a dictionary")
    return out


def attribute_facts(attr, path):
    if not isinstance(attr, Attr):
        raise Unreadable(f"{path}: an attribute that is no attributes.Schema(...) call")
    out = {}
    kind = attr.options.get("type")
    if kind is not None:
        out["type"] = str(kind).lower()
    return out


def read_plugin(root):
    """Every class of the plugin's resource modules, and every type its modules map."""
    classes, mappings = {}, {}
    for folder in PLUGIN_FOLDERS:
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if not name.endswith(".py"):
                continue
            rel = f"{folder}/{name}"
            with open(os.path.join(root, folder, name), encoding="utf-8") as f:
                tree = ast.parse(f.read(), rel)
            scope = module_scope(rel, tree)
            for stmt in tree.body:
                if isinstance(stmt, ast.ClassDef):
                    bases = [ast.unparse(b).split(".")[-1] for b in stmt.bases]
                    classes[(rel, stmt.name)] = (stmt, bases, scope)
            for type_name, class_name in mapping_of(rel, tree).items():
                mappings[type_name] = (rel, class_name)
    return classes, mappings


def schemas_of(classes, rel, class_name):
    """The class's schemas, a base class of the plugin supplying those it does not set
    (Heat's own `Resource` sets none)."""
    found = {}
    todo = [(rel, class_name)]
    while todo:
        key = todo.pop(0)
        entry = classes.get(key)
        if entry is None:
            entry = next((v for (r, n), v in classes.items() if n == key[1]), None)
            if entry is None:
                continue
        cls, bases, scope = entry
        path = key[0]
        body = class_scope(path, cls, scope)
        for schema in ("properties_schema", "attributes_schema"):
            if schema not in found and schema in body:
                found[schema] = (body[schema], path)
        todo.extend((path, b) for b in bases)
    return found


def type_facts(classes, rel, class_name):
    found = schemas_of(classes, rel, class_name)
    props, path = found.get("properties_schema", ({}, rel))
    attrs, attr_path = found.get("attributes_schema", ({}, rel))
    out = {
        "properties": {k: property_facts(v, path) for k, v in props.items()},
        "attributes": {k: attribute_facts(v, attr_path) for k, v in attrs.items()},
    }
    # Every Heat resource answers `show` (Resource.base_attributes_schema).
    out["attributes"].setdefault("show", {"type": "map"})
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("\n\n")[1])
    root, repository, commit = sys.argv[1:]
    classes, mappings = read_plugin(root)
    types = {}
    try:
        for type_name, (rel, class_name) in sorted(mappings.items()):
            types[type_name] = type_facts(classes, rel, class_name)
    except Unreadable as e:
        sys.exit(f"contrail.py: {e}")
    for type_name, path in RETIRED.items():
        if type_name in types:
            sys.exit(f"contrail.py: {type_name} is in the plugin again: drop it from RETIRED")
        types[type_name] = {"open": True, "retired": f"Juniper/contrail-heat {path}"}
    json.dump({
        "source": {
            "repository": repository,
            "commit": commit,
            "paths": ", ".join(f"{f}/*.py" for f in PLUGIN_FOLDERS),
        },
        "types": types,
    }, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
