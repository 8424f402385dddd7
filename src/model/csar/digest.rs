//! SOL004's digest names as Tacker reads them (`SHA-256`, any case, the dash required),
//! over the integrity module's algorithms and hashing.

use crate::input::integrity::Hashed;
pub use crate::input::integrity::digest::DigestAlgorithm;
use crate::input::integrity::digest::to_hex;

/// The algorithms Tacker accepts in `Algorithm:` (its `HASH_DICT`), in its order.
pub const SOL004: [DigestAlgorithm; 4] = [
    DigestAlgorithm::Sha224,
    DigestAlgorithm::Sha256,
    DigestAlgorithm::Sha384,
    DigestAlgorithm::Sha512,
];

/// The name as a SOL004 manifest writes it (`SHA-256`).
pub fn sol004_name(algorithm: DigestAlgorithm) -> &'static str {
    match algorithm {
        DigestAlgorithm::Sha1 => "SHA-1",
        DigestAlgorithm::Sha224 => "SHA-224",
        DigestAlgorithm::Sha256 => "SHA-256",
        DigestAlgorithm::Sha384 => "SHA-384",
        DigestAlgorithm::Sha512 => "SHA-512",
    }
}

/// Reads an `Algorithm:` value as Tacker does: one of the four SHA-2 names, any case, with
/// the dash.
pub fn parse(name: &str) -> Option<DigestAlgorithm> {
    SOL004
        .into_iter()
        .find(|a| sol004_name(*a).eq_ignore_ascii_case(name.trim()))
}

/// The lower-case hex digest of a hashed file by `algorithm`, when it was computed.
pub fn hex(hashed: &Hashed, algorithm: DigestAlgorithm) -> Option<String> {
    hashed.digests.get(algorithm).map(to_hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_tacker_reads_them() {
        assert_eq!(parse("SHA-256"), Some(DigestAlgorithm::Sha256));
        assert_eq!(parse("sha-512"), Some(DigestAlgorithm::Sha512));
        assert_eq!(parse("SHA-224"), Some(DigestAlgorithm::Sha224));
        assert_eq!(parse("SHA256"), None);
        assert_eq!(parse("SHA-255"), None);
        assert_eq!(parse("SHA-1"), None);
        assert_eq!(parse("MD5"), None);
    }
}
