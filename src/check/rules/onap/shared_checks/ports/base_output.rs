//! An incremental module reaches an internal network (or subnet) made by the base module
//! through a parameter that SDC fills from the base module's output of the same name
//! (R-22688, R-84123, R-76160, R-100240, R-100260).

use foldhash::HashSet;

use crate::check::rules::{Context, Findings};
use crate::input::yaml::span_at_byte;
use crate::model::hot::TemplateKind;

use crate::check::rules::onap::shared_checks::ports::{NameSpec, check_names, is_v6};
use crate::check::rules::onap::vocabulary::network_role::Side;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};

/// The internal subnet rules' whole check: the parameter's name, and the base module's
/// output of that name for incremental modules.
pub fn check_names_and_base_outputs(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    spec: &NameSpec,
) {
    check_names(context, findings, spec);
    check_base_outputs(
        context,
        findings,
        spec.kinds,
        spec.property,
        spec.v6,
        spec.what,
    );
}

/// Reports each incremental-module parameter that feeds `property` of a port on an internal
/// network (of the IP version `v6`, when given) and that the base module does not output.
pub fn check_base_outputs(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    kinds: &[PortKind],
    property: Property,
    v6: Option<bool>,
    what: &str,
) {
    let Some(base) = context.set.base_template() else {
        return;
    };
    let outputs: HashSet<&str> = base.outputs().map(|(k, _)| k.text.as_str()).collect();
    let flow = context.flow();
    for module in &context.set.modules {
        if module.kind != TemplateKind::Incremental {
            continue;
        }
        let Some(template) = context.set.template(module.template) else {
            continue;
        };
        for (name, _) in template.parameters() {
            let parameter = name.text.as_str();
            let covered = flow.sinks(template.id, parameter).iter().any(|sink| {
                kinds.contains(&sink.kind)
                    && sink.property == property
                    && sink.side == Some(Side::Internal)
                    && v6.is_none_or(|wanted| {
                        wanted == is_v6(context, &template, parameter, sink.v6_family)
                    })
            });
            if !covered || outputs.contains(parameter) {
                continue;
            }
            let violation = findings.report(
                template.file,
                name.span,
                format!("parameters.{parameter}"),
                format!(
                    "`{parameter}` brings the internal {what} into this incremental module, but \
                     the base module `{}` has no output named `{parameter}` to fill it",
                    base.path()
                ),
            );
            match base.section("outputs") {
                Some((key, _)) => {
                    violation.also(base.path(), key.span, "the base module's outputs")
                }
                None => violation.also(
                    base.path(),
                    span_at_byte(&base.file.bytes, 0),
                    "the base module, which has no `outputs:` section",
                ),
            };
        }
    }
}
