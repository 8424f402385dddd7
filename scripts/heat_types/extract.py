"""Reads the resource plugins of the installed openstack-heat and prints their schemas as JSON.

Run with the Python of a virtual environment holding `openstack-heat` (see regenerate.sh).
The output is vnfwiz's own structure (docs/heat-types.md): for each resource type its
support status, properties (type, required, update behaviour, allowed values, ranges,
lengths, patterns, custom constraints, nested schemas), attributes, the deprecated property
names Heat translates into current ones, and the aliases of Heat's default environment.
"""

import importlib.metadata
import json
import logging
import os
import sys
import warnings
from unittest import mock

warnings.simplefilter("ignore")
logging.disable(logging.CRITICAL)

from heat.engine import attributes, constraints, properties, resource, resources, support  # noqa: E402
from heat.engine import translation  # noqa: E402
from heat.engine.resources.openstack.heat import none_resource  # noqa: E402

TYPES = {
    properties.Schema.STRING: "string",
    properties.Schema.INTEGER: "integer",
    properties.Schema.NUMBER: "number",
    properties.Schema.BOOLEAN: "boolean",
    properties.Schema.MAP: "map",
    properties.Schema.LIST: "list",
    properties.Schema.ANY: "any",
}

STATUSES = {
    support.SUPPORTED: "supported",
    support.DEPRECATED: "deprecated",
    support.HIDDEN: "hidden",
    support.UNSUPPORTED: "unsupported",
    support.UNKNOWN: "unknown",
}


def status_of(status):
    """The status word and the release it took effect, when not plainly supported."""
    out = {}
    word = STATUSES.get(status.status, "unknown")
    if word != "supported":
        out["status"] = word
        if status.version:
            out["status_since"] = str(status.version)
    return out


def constraint_facts(schema):
    out = {}
    for c in schema.constraints:
        if isinstance(c, constraints.AllowedValues):
            out["allowed"] = list(c.allowed)
        elif isinstance(c, constraints.Range):
            out["range"] = [c.min, c.max]
        elif isinstance(c, constraints.Length):
            out["length"] = [c.min, c.max]
        elif isinstance(c, constraints.AllowedPattern):
            out["pattern"] = c.pattern
        elif isinstance(c, constraints.CustomConstraint):
            out.setdefault("custom", []).append(c.name)
        elif isinstance(c, constraints.Modulo):
            out["modulo"] = [c.step, c.offset]
    return out


def property_facts(schema):
    out = {"type": TYPES[schema.type]}
    if schema.required and schema.default is None:
        out["required"] = True
    if schema.immutable:
        out["update"] = "immutable"
    elif schema.update_allowed:
        out["update"] = "allowed"
    else:
        out["update"] = "replace"
    if getattr(schema, "allow_conversion", False):
        out["conversion"] = True
    if not schema.implemented:
        out["implemented"] = False
    out.update(status_of(schema.support_status))
    out.update(constraint_facts(schema))
    nested = schema.schema
    if nested is not None:
        if isinstance(nested, constraints.AnyIndexDict):
            out["items"] = property_facts(nested.value)
        elif schema.type == properties.Schema.LIST:
            # A list schema keyed by position: every item follows the first.
            first = next(iter(nested.values()))
            out["items"] = property_facts(first)
        else:
            out["keys"] = {k: property_facts(v) for k, v in nested.items()}
    return out


def attribute_facts(schema):
    out = {}
    if schema.type:
        out["type"] = str(schema.type).lower()
    out.update(status_of(schema.support_status))
    return out


def custom_attributes(cls):
    """True when the class answers attributes itself (groups, deployments, placeholders).

    Heat's validation then accepts any attribute name for it (`Resource.node_data` in the
    INIT state): what exists is known only once the resource is created.
    """
    return (cls.get_attribute is not resource.Resource.get_attribute
            or cls.FnGetAtt is not resource.Resource.FnGetAtt)


def renames(cls):
    """Deprecated property paths that Heat's translation rules move to current ones."""
    try:
        props = properties.Properties(cls.properties_schema, {})
    except Exception:
        return []
    fake = object.__new__(cls)
    for attr in ("client_plugin", "client", "stack", "context", "physical_resource_name"):
        try:
            object.__setattr__(fake, attr, mock.MagicMock())
        except Exception:
            pass
    try:
        rules = cls.translation_rules(fake, props) or []
    except Exception:
        return []
    out = []
    for rule in rules:
        if rule.rule != translation.TranslationRule.REPLACE:
            continue
        target = [str(p) for p in rule.translation_path]
        if rule.value_path:
            source = [str(p) for p in rule.value_path]
        elif rule.value_name:
            source = target[:-1] + [str(rule.value_name)]
        else:
            continue
        out.append({"from": source, "to": target})
    return out


def type_facts(cls):
    out = {}
    out.update(status_of(cls.support_status))
    if issubclass(cls, none_resource.NoneResource):
        # A placeholder: Heat accepts any property and attribute.
        out["placeholder"] = True
        return out
    out["properties"] = {k: property_facts(v) for k, v in cls.properties_schema.items()}
    attrs = dict(cls.attributes_schema)
    attrs.update(cls.base_attributes_schema)
    out["attributes"] = {k: attribute_facts(v) for k, v in attrs.items()}
    if custom_attributes(cls):
        out["custom_attributes"] = True
    moved = renames(cls)
    if moved:
        out["renamed"] = moved
    return out


def default_environment(prefix):
    """Aliases and template-backed types of Heat's shipped default environment."""
    import yaml

    path = os.path.join(prefix, "etc", "heat", "environment.d", "default.yaml")
    with open(path) as f:
        registry = (yaml.safe_load(f) or {}).get("resource_registry", {})
    aliases, templates = {}, {}
    for name, target in registry.items():
        if target.startswith("file://"):
            local = os.path.join(prefix, target[len("file:///"):])
            templates[name] = template_type(local)
        else:
            aliases[name] = target
    return aliases, templates


def template_type(path):
    """A type backed by one of Heat's shipped CFN templates: its parameters are its properties."""
    import yaml

    with open(path) as f:
        doc = yaml.safe_load(f)
    props = {}
    for name, p in (doc.get("Parameters") or {}).items():
        kind = {"String": "string", "Number": "number", "CommaDelimitedList": "list",
                "Json": "map", "Boolean": "boolean"}.get(p.get("Type"), "string")
        fact = {"type": kind, "update": "allowed"}
        if "Default" not in p:
            fact["required"] = True
        if "AllowedValues" in p:
            fact["allowed"] = list(p["AllowedValues"])
        props[name] = fact
    attrs = {k: {} for k in (doc.get("Outputs") or {})}
    attrs["show"] = {"type": "map"}
    return {"properties": props, "attributes": attrs}


def main():
    resources.initialise()
    env = resources.global_env()
    registry = env.registry._registry
    types = {}
    for name, info in sorted(registry.items()):
        if not isinstance(name, str) or not hasattr(info, "get_class_to_instantiate"):
            continue
        cls = info.get_class_to_instantiate()
        types[name] = type_facts(cls)
    aliases, templates = default_environment(sys.prefix)
    for name, facts in templates.items():
        types.setdefault(name, facts)
    json.dump({
        "package": "openstack-heat",
        "version": importlib.metadata.version("openstack-heat"),
        "types": types,
        "aliases": aliases,
    }, sys.stdout, indent=1, sort_keys=True, default=str)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
