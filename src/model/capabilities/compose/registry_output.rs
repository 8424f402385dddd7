//! How chosen implementations reach Heat: named in each `type:` or in a registry.

/// How chosen implementations reach Heat (answer `registry`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RegistryOutput {
    /// Chosen templates named in the parents' `type:`; no registry (ONAP).
    #[default]
    Inline,
    /// One `resource_registry` mapping per used type in each module's environment.
    Env,
}

impl RegistryOutput {
    /// The answers-file spelling (`registry: inline|env`).
    pub fn as_str(self) -> &'static str {
        match self {
            RegistryOutput::Inline => "inline",
            RegistryOutput::Env => "env",
        }
    }

    /// Parses `inline` or `env`.
    pub fn parse(text: &str) -> Option<RegistryOutput> {
        match text {
            "inline" => Some(RegistryOutput::Inline),
            "env" => Some(RegistryOutput::Env),
            _ => None,
        }
    }
}
