//! R-86285: a module without an environment file gets `<template>.env`, written with the
//! template's line breaks: `parameters: {}` (what ONAP needs even when nothing is
//! enumerated), or, when the template has defaults, each default's value under
//! `parameters:` (R-26124 asks every default to be listed there once an environment
//! exists; the defaults themselves are R-90526's fix). Sets whose `MANIFEST.json` pairs the
//! files get no fix: the new file would not be paired.

use crate::check::rules::onap;
use crate::transform::fix::locate;
use crate::transform::fix::model::Offer;
use crate::transform::fix::registry::{Provider, Request};

use super::default_to_env::new_environment;

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::environment::r86285_module_env::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let set = request.set();
    let Some(template) = locate::template(request.context, &request.violation.file) else {
        return Offer::Unavailable("the template could not be found".to_owned());
    };
    if !set
        .modules
        .iter()
        .any(|m| m.template == template.id && m.env.is_none())
    {
        return Offer::Unavailable(
            "the template is not a module without environment file".to_owned(),
        );
    }
    match new_environment(request, template, false) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason),
    }
}
