//! How the OVF environment document reaches the guest: an answer the converter follows.

/// How the OVF environment document reaches the guest (answer `ovf_env_transport`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EnvTransport {
    /// `/ovf-env.xml` through the server's `personality` (Nova deprecated personality in
    /// compute API 2.57; clouds still accept it at lower microversions).
    #[default]
    Personality,
    /// The document as the server's `user_data` (RAW), read from the config drive.
    UserData,
    /// Not delivered; the guest reads its properties from the server metadata.
    None,
}

impl EnvTransport {
    /// Every transport, in the order they are offered.
    pub const ALL: [EnvTransport; 3] = [
        EnvTransport::Personality,
        EnvTransport::UserData,
        EnvTransport::None,
    ];

    /// The answers-file spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            EnvTransport::Personality => "personality",
            EnvTransport::UserData => "user_data",
            EnvTransport::None => "none",
        }
    }

    /// Parses `personality`, `user_data` or `none`.
    pub fn parse(text: &str) -> Option<EnvTransport> {
        EnvTransport::ALL.into_iter().find(|t| t.as_str() == text)
    }
}
