"""Heat's own verdict on HOT templates, offline: the oracle of vnfwiz's `heat` profile.

usage: check.py HEAT_TYPES < JOBS

Each line of JOBS is a template's path, optionally followed by a tab and the path of the
environment file deployed with it. For each, the template goes the way `openstack
orchestration template validate -t T -e E` sends it, then as `stack create` would take it:

1. client: heatclient reads the template and the environment, follows nested template
   types, `get_file` and `resource_registry` paths into the files it sends (its YAML
   loader, its "Template format version not found" and "environment has ... section"
   checks);
2. api: Heat's API reads the environment it is given (`InstantiationData`);
3. validate: the engine's `validate_template`, as the API runs it (`strict_validate=False`);
4. create: what `stack create` checks before it asks any cloud service:
   `Stack.validate()` with values (parameters against their constraints, properties once
   `get_param` is resolved, a nested template's parameters without default that its
   parent never passes, each resource plugin's own `validate()`), nested stacks included.

Nothing reaches a cloud. Where Heat would ask one, the oracle answers for it and says so:
every service is "available"; a custom constraint that looks a name up (`nova.flavor`,
`neutron.network`, ...) accepts it; a plugin check that needs a client is skipped (its
template part is still checked); a parameter without a value or default is one the
operator supplies at create (`get_param` gives an empty value of its type, and the
properties reading it, with their plugin's own checks, are not judged, as Heat leaves a
value computed from a resource not yet created); a `get_param` of an undeclared parameter
is still refused. Contrail's types come with Contrail's own Heat plugin, which is
not on PyPI: the oracle registers every Contrail type of HEAT_TYPES (vnfwiz's
`data/heat_types.json`) as a stub taking any property and attribute, so Contrail
properties are not judged here.

Prints one JSON object per job and line: `template`, `env`, `verdict` ("accepted",
"refused", or "unjudged" for a template pulling in a file by URL, which heatclient would
fetch from the network), `stage` (where a refusal happened), `message` (Heat's words),
`files` (the local files heatclient sent with it).
"""

import json
import logging
import os
import re
import sys
import types
import warnings

warnings.simplefilter("ignore")
logging.disable(logging.CRITICAL)

from oslo_config import cfg  # noqa: E402
from oslo_serialization import jsonutils  # noqa: E402

from heat.common import config  # noqa: E402,F401  (registers Heat's options)

cfg.CONF([], project="heat", default_config_files=[])
# Heat's default environment (the `OS::Ceilometer::Alarm` → `OS::Aodh::Alarm` aliases and
# the like) as the package installs it, where a deployed engine reads /etc/heat.
cfg.CONF.set_override(
    "environment_dir", os.path.join(sys.prefix, "etc", "heat", "environment.d"))

from heat.api.openstack.v1 import stacks as api_stacks  # noqa: E402
from heat.common import context, exception, messaging  # noqa: E402
from heat.engine import clients, constraints, parameters, properties  # noqa: E402
from heat.engine.clients import client_plugin  # noqa: E402
from heat.engine import resource, resources, service  # noqa: E402
from heat.engine import stack as parser  # noqa: E402
from heat.engine import template as templatem  # noqa: E402
from heat.engine import environment, function  # noqa: E402
from heat.engine.cfn import functions as cfn_functions  # noqa: E402
from heat.engine.hot import functions as hot_functions  # noqa: E402
from heat.engine.resources import stack_resource  # noqa: E402
from heat.engine.resources.openstack.heat import none_resource  # noqa: E402
from heat.common import environment_util as env_util  # noqa: E402
from heatclient.common import template_utils  # noqa: E402


# A file heatclient fetches over the network.
REMOTE = re.compile(r"Could not fetch contents for (https?|ftp)://", re.IGNORECASE)


class NeedsCloud(Exception):
    """Raised where Heat would call a cloud service."""


class NoEngine:
    """The RPC client of an engine that is not there."""

    def __getattr__(self, name):
        raise NeedsCloud("another engine")


def offline():
    """Makes every place Heat would reach a cloud answer without one."""
    # Stack.validate yields to other green threads after each resource; there are none.
    parser.time = types.SimpleNamespace(sleep=lambda seconds: None)

    resource.Resource.is_service_available = classmethod(lambda cls, ctx: (True, None))

    def no_client(self, *args, **kwargs):
        raise NeedsCloud("a cloud client")

    # Every client is made from the request's keystone session.
    context.RequestContext.keystone_session = property(no_client)
    clients.OpenStackClients.client = no_client
    client_plugin.ClientPlugin.client = no_client

    # No other engine answers: a resource group asks one for the members of a nested stack
    # that does not exist yet (and so never calls it).
    messaging.get_rpc_client = lambda *args, **kwargs: NoEngine()

    # A custom constraint that looks a name up in a service takes it.
    validate = constraints.BaseCustomConstraint.validate

    def lookup_or_accept(self, *args, **kwargs):
        # Its own refusals come back as False; anything raised is the cloud it needs
        # (a client, a keystone session).
        try:
            return validate(self, *args, **kwargs)
        except Exception:
            return True

    constraints.BaseCustomConstraint.validate = lookup_or_accept

    # A parameter with neither value nor default is supplied by the operator at create.
    param_validate = parameters.Parameter.validate

    def supplied_later(self, validate_value=True, context=None):
        if validate_value and not self.has_value():
            validate_value = False
        return param_validate(self, validate_value, context)

    parameters.Parameter.validate = supplied_later

    # `get_param` of such a parameter gives an empty value of its type until then.
    for cls in (hot_functions.GetParam, cfn_functions.ParamRef):
        cls.result = unset_is_empty(cls.result)

    # A property whose functions cannot work on those empty values waits for the real one.
    resolve = properties.Properties._resolve_user_value

    def resolved_later(self, key, prop, validate):
        try:
            return resolve(self, key, prop, validate)
        except ValueError:
            if key in self.data and reads_unset_parameter(self.data[key]):
                return None, True
            raise

    properties.Properties._resolve_user_value = resolved_later

    # A property computed from such a parameter is judged when its value is known, as Heat
    # leaves one computed from a resource not yet created.
    in_init = properties.Properties._find_deps_any_in_init

    def unknown_yet(self, unresolved_value):
        return in_init(self, unresolved_value) or reads_unset_parameter(unresolved_value)

    properties.Properties._find_deps_any_in_init = unknown_yet

    # A plugin's own check that needs a client is skipped; its template part still runs.
    for cls in set(plugin_classes()):
        if "validate" in vars(cls):
            cls.validate = cloud_free(vars(cls)["validate"])
        if "validate_external" in vars(cls):
            cls.validate_external = cloud_free_external(vars(cls)["validate_external"])


# An empty value of each parameter type (as HOT and CFN templates write the type).
EMPTY = {"string": "", "number": 0, "commadelimitedlist": [], "comma_delimited_list": [],
         "json": {}, "boolean": False}


def unset_is_empty(result):
    def wrapped(self):
        try:
            return result(self)
        except exception.UserParameterMissing as ex:
            # An undeclared parameter is Heat's refusal, not a value to come.
            param = self.stack.parameters.params.get(ex.kwargs.get("key"))
            if param is None:
                raise
            return EMPTY.get(str(param.schema.type).lower(), "")

    return wrapped


def plugin_classes():
    env = resources.global_env()
    for info in env.registry._registry.values():
        if hasattr(info, "get_class_to_instantiate"):
            try:
                cls = info.get_class_to_instantiate()
            except Exception:
                continue
            for klass in getattr(cls, "__mro__", ()):
                if issubclass(klass, resource.Resource):
                    yield klass


def cloud_free(validate):
    def wrapped(self):
        # A plugin's own check of values the operator supplies later waits for them (a
        # nested stack is still validated, as Heat validates it).
        if (not isinstance(self, stack_resource.StackResource)
                and reads_unset_parameter(self.properties.data)):
            return resource.Resource.validate_template(self)
        try:
            return validate(self)
        except Exception as ex:
            if not needed_cloud(ex):
                raise
            return resource.Resource.validate_template(self)

    return wrapped


def cloud_free_external(validate_external):
    """An external resource (`external_id`) is looked up in its service."""
    def wrapped(self):
        try:
            return validate_external(self)
        except Exception as ex:
            if not needed_cloud(ex):
                raise
            return None

    return wrapped


def needed_cloud(ex):
    """True when a cloud client was asked for on the way to `ex`."""
    seen = set()
    while ex is not None and id(ex) not in seen:
        seen.add(id(ex))
        if isinstance(ex, NeedsCloud):
            return True
        inner = getattr(ex, "error", None)
        ex = inner if isinstance(inner, BaseException) else ex.__cause__ or ex.__context__
    return False


def reads_unset_parameter(value):
    if isinstance(value, (hot_functions.GetParam, cfn_functions.ParamRef)):
        args = value.args if isinstance(value.args, list) else [value.args]
        name = args[0] if args else None
        params = value.stack.parameters if value.stack is not None else None
        if isinstance(name, str) and params is not None and name in params:
            if not params.params[name].has_value():
                return True
        return reads_unset_parameter(args)
    if isinstance(value, function.Function):
        return reads_unset_parameter(value.args)
    if isinstance(value, dict):
        return any(reads_unset_parameter(v) for v in value.values())
    if isinstance(value, list):
        return any(reads_unset_parameter(v) for v in value)
    return False


def register_contrail_stubs(catalogue):
    """Contrail's types, known by name, each taking any property and attribute."""
    with open(catalogue) as f:
        types = json.load(f)["types"]
    registry = resources.global_env().registry
    for name, facts in types.items():
        if facts.get("vendor") == "contrail":
            registry.register_class(name, none_resource.NoneResource)


def local_files(files):
    out = []
    for key in files:
        if key.startswith("file://"):
            out.append(key[len("file://"):])
    return sorted(out)


def judge(engine, ctx, template_path, env_path):
    result = {"template": template_path, "env": env_path, "files": []}

    def refused(stage, message):
        result.update(verdict="refused", stage=stage, message=str(message) or repr(message))
        return result

    try:
        files, template = template_utils.process_template_path(template_path)
        env_files, env = template_utils.process_multiple_environments_and_files(
            env_paths=[env_path] if env_path else None)
    except Exception as ex:
        if REMOTE.search(str(ex)):
            # heatclient would fetch it from the network, which the oracle does not reach.
            result.update(verdict="unjudged", stage="client", message=str(ex))
            return result
        return refused("client", ex)
    files = dict(list(files.items()) + list(env_files.items()))
    result["files"] = local_files(files)

    # The request as it travels: heatclient sends JSON (file contents read as bytes become
    # text on the way).
    body = jsonutils.loads(jsonutils.dumps(
        {"template": template, "files": files, "environment": env}))
    template, files = body["template"], body["files"]
    data = api_stacks.InstantiationData(body)
    try:
        template = data.template()
        env = data.environment()
    except Exception as ex:
        return refused("api", getattr(ex, "detail", None) or ex)

    # What the engine raises instead of returning (a malformed parameter section) reaches
    # the user as the API's error all the same.
    try:
        checked = service.EngineService.validate_template.__wrapped__(
            engine, ctx, template, env, files=files)
    except Exception as ex:
        return refused("validate", ex)
    if "Error" in checked:
        return refused("validate", checked["Error"])

    try:
        tmpl = templatem.Template(template, files=files)
        env_util.merge_environments(None, files, env, tmpl.all_param_schemata(files))
        tmpl.env = environment.Environment(env)
        stack = parser.Stack(ctx, "oracle", tmpl)
        stack.validate()
    except Exception as ex:
        if os.environ.get("HEAT_ORACLE_TRACE"):
            import traceback
            traceback.print_exc()
        return refused("create", ex)
    result.update(verdict="accepted", stage=None, message=None)
    return result


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    resources.initialise()
    register_contrail_stubs(sys.argv[1])
    offline()
    engine = service.EngineService("oracle", "engine")
    ctx = context.RequestContext(user_id="oracle", project_id="oracle", auth_token="oracle")
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        template, _, env = line.partition("\t")
        template = os.path.abspath(template)
        env = os.path.abspath(env) if env else None
        print(json.dumps(judge(engine, ctx, template, env)), flush=True)


if __name__ == "__main__":
    main()
