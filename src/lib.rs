//! vnfwiz: onboard a VNF from OVF/OVA or HOT templates, validated against ONAP and the HOT spec.

pub mod check;
pub mod foundation;
pub mod input;
#[cfg(test)]
mod layering;
pub mod lsp;
pub mod model;
pub mod output;
pub mod session;
pub mod transform;
pub mod tui;

/// An error and its causes on one line (`a: b: c`), as every face reports them.
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        // Many errors already say their cause (`{path}: {source}`): never twice.
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(&format!(": {text}"));
        }
        source = cause.source();
    }
    message
}

#[cfg(test)]
mod tests {
    #[derive(Debug, thiserror::Error)]
    #[error("out/base.env: {source}")]
    struct Said {
        source: std::io::Error,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("writing failed")]
    struct Silent {
        #[source]
        cause: std::io::Error,
    }

    #[test]
    fn a_cause_is_said_once() {
        let full = || std::io::Error::from_raw_os_error(libc::ENOSPC);
        let said = super::error_chain(&Said { source: full() });
        assert_eq!(said.matches("No space left on device").count(), 1, "{said}");
        let silent = super::error_chain(&Silent { cause: full() });
        assert!(
            silent.starts_with("writing failed: No space left on device"),
            "{silent}"
        );
    }
}
