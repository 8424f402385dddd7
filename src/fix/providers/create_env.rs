//! R-86285: a module without an environment file gets `<template>.env` with an empty
//! `parameters: {}` (what ONAP needs even when nothing is enumerated), written with the
//! template's line breaks. Sets whose `MANIFEST.json` pairs the files get no fix: the new
//! file would not be paired.

use crate::hot::env_path_for;

use crate::fix::edit::Edit;
use crate::fix::layout::line_break;
use crate::fix::model::{Fix, Offer, Safety};
use crate::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &["R-86285"],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    let set = request.set();
    let Some(id) = set.find(&request.violation.file) else {
        return Offer::Unavailable("the template could not be found".to_owned());
    };
    if !set
        .modules
        .iter()
        .any(|m| m.template == id && m.env.is_none())
    {
        return Offer::Unavailable(
            "the template is not a module without environment file".to_owned(),
        );
    }
    if set.manifest.is_some() {
        return Offer::Unavailable(
            "MANIFEST.json decides which environment file goes with each module; add one there"
                .to_owned(),
        );
    }
    let env = env_path_for(&set.files[id].path);
    if set.find(&env).is_some() {
        return Offer::Unavailable(format!("{env} exists but is not an environment file"));
    }
    let eol = line_break(&set.files[id].bytes);
    let mut fix = Fix::new(
        request.violation.rule.id,
        format!("Create {env} with an empty `parameters:` section"),
        Safety::Safe,
        vec![Edit::insert(&env, 0, format!("parameters: {{}}{eol}"))],
    );
    fix.claims.push(format!("file:{env}"));
    Offer::Ready(fix)
}
