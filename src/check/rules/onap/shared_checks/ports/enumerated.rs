//! The environment-file check the Neutron and Contrail parameter rules share: a module
//! parameter that feeds a port property (directly or through nested templates) must, or must
//! not, be listed under the module's environment file's `parameters:`.
//!
//! Only `parameters:` counts (SDC reads no other section), as for R-26124; a module without
//! an environment file is R-86285's finding.

use crate::check::rules::{Context, Findings};

use crate::check::rules::onap::shared_checks::ports::{
    Ip, LIST_TYPE, NameSpec, Target, Typed, check_names, is_v6,
};
use crate::check::rules::onap::vocabulary::network_role::Side;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property, has_internal_marker};
use crate::input::yaml::Node;

/// One environment-file rule.
#[derive(Clone, Copy, Debug)]
pub struct EnvSpec {
    /// The port types covered.
    pub kinds: &'static [PortKind],
    /// The property covered.
    pub property: Property,
    /// The network side covered; `None` for both.
    pub side: Option<Side>,
    /// The IP version covered (`Some(true)` IPv6); `None` for both.
    pub v6: Option<bool>,
    /// The declared type covered (`Some(true)` `comma_delimited_list`, `Some(false)`
    /// `string`); `None` for any.
    pub list: Option<bool>,
    /// True when the environment file must list the parameter, false when it must not.
    pub listed: bool,
    /// A listed parameter must also have a value (not blank).
    pub assigned: bool,
    /// What the property holds, for messages ("fixed IPv4 address").
    pub what: &'static str,
}

/// What a rule asks of the environment file for the parameters it covers.
#[derive(Clone, Copy, Debug)]
pub enum Env {
    /// Not listed.
    Absent,
    /// Listed.
    Listed,
    /// Listed with a value.
    Assigned,
}

impl EnvSpec {
    /// The parameters of `target` on `side`, of IP version `ip` (both when `None`) and declared
    /// type `typed`, and what the environment file must do with them.
    pub const fn of(
        target: Target,
        side: Side,
        ip: Option<Ip>,
        typed: Typed,
        env: Env,
        what: &'static str,
    ) -> Self {
        EnvSpec {
            kinds: target.kinds,
            property: target.property,
            side: Some(side),
            v6: match ip {
                Some(ip) => Some(matches!(ip, Ip::V6)),
                None => None,
            },
            list: match typed {
                Typed::String => Some(false),
                Typed::List => Some(true),
                Typed::Any => None,
            },
            listed: !matches!(env, Env::Absent),
            assigned: matches!(env, Env::Assigned),
            what,
        }
    }

    /// What the covered parameters set, for messages.
    fn describe(&self) -> String {
        let holder = self.kinds.first().map_or("port", |kind| kind.noun());
        match self.side {
            Some(side) => format!(
                "the {} of {holder} on an {} network",
                self.what,
                side.label()
            ),
            None => format!("the {} of {holder}", self.what),
        }
    }
}

/// The internal virtual IP rules' whole check: the parameter's name and type, and its value
/// in the environment file.
pub fn check_names_and_listed(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    names: &NameSpec,
) {
    check_names(context, findings, names);
    let env = EnvSpec {
        kinds: names.kinds,
        property: names.property,
        side: names.side,
        v6: names.v6,
        list: None,
        listed: true,
        assigned: false,
        what: names.what,
    };
    check_enumerated(context, findings, &env);
}

/// Reports module parameters covered by `spec` that the environment file lists against the
/// rule (at the env entry) or leaves out against it (at the declaration).
pub fn check_enumerated(context: &Context<'_>, findings: &mut Findings<'_>, spec: &EnvSpec) {
    let flow = context.flow();
    for module in &context.set.modules {
        let (Some(template), Some(env)) = (
            context.set.template(module.template),
            module.env.and_then(|e| context.set.environment(e)),
        ) else {
            continue;
        };
        let values = env.root.get("parameters").and_then(|p| p.as_map());
        // Only parameters that feed a port can be covered.
        for fed in flow.fed(template.id) {
            let name = fed.name;
            let parameter = name.text.as_str();
            // A subnet parameter must stay out of the env on either side: for a port whose
            // names disagree about its side, the parameter's own marker decides which rule.
            let subnet = matches!(
                spec.property,
                Property::FixedSubnet | Property::InstanceSubnet
            );
            let side_fits = |sink_side: Option<Side>| {
                spec.side.is_none_or(|side| match sink_side {
                    Some(known) => known == side,
                    None => {
                        let own = if has_internal_marker(parameter) {
                            Side::Internal
                        } else {
                            Side::External
                        };
                        subnet && !spec.listed && own == side
                    }
                })
            };
            let covered = fed.sinks.iter().any(|sink| {
                spec.kinds.contains(&sink.kind)
                    && sink.property == spec.property
                    && side_fits(sink.side)
                    && spec.v6.is_none_or(|wanted| {
                        wanted == is_v6(context, &template, parameter, sink.v6_family)
                    })
            });
            if !covered {
                continue;
            }
            let declared = fed.definition.get("type").and_then(Node::as_str);
            let type_fits = spec
                .list
                .is_none_or(|list| declared == Some(if list { LIST_TYPE } else { "string" }));
            if !type_fits {
                continue;
            }
            let entry = values.and_then(|v| v.key(parameter));
            match (spec.listed, entry) {
                (true, None) => {
                    let violation = findings.report(
                        template.file,
                        name.span,
                        format!("parameters.{parameter}"),
                        format!(
                            "`{parameter}` sets {} and must be listed under `parameters:` in \
                             `{}`",
                            spec.describe(),
                            env.file.path
                        ),
                    );
                    match env.root.key("parameters") {
                        Some(section) => violation.also(
                            &env.file.path,
                            section.span,
                            "the environment's parameters",
                        ),
                        None => violation.also(
                            &env.file.path,
                            crate::input::yaml::span_at_byte(&env.file.bytes, 0),
                            "the environment file, which has no `parameters:` section",
                        ),
                    };
                }
                (false, Some(key)) => {
                    findings
                        .report(
                            env.file,
                            key.span,
                            format!("parameters.{parameter}"),
                            format!(
                                "`{parameter}` sets {}; ONAP supplies it at instantiation, so \
                                 `{}` must not list it",
                                spec.describe(),
                                env.file.path
                            ),
                        )
                        .also(template.path(), name.span, "the parameter's declaration");
                }
                (true, Some(key)) if spec.assigned => {
                    let blank = values
                        .and_then(|v| v.get(parameter))
                        .is_none_or(Node::is_blank);
                    if blank {
                        findings
                            .report(
                                env.file,
                                key.span,
                                format!("parameters.{parameter}"),
                                format!(
                                    "`{parameter}` sets {} but `{}` gives it no value",
                                    spec.describe(),
                                    env.file.path
                                ),
                            )
                            .also(template.path(), name.span, "the parameter's declaration");
                    }
                }
                _ => {}
            }
        }
    }
}
