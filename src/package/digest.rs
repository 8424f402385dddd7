//! The digest algorithms a SOL004 manifest may name, and hashing a stream with several of
//! them in one pass.

use std::io::Read;

use sha2::{Digest as _, Sha224, Sha256, Sha384, Sha512};

/// An algorithm Tacker accepts in `Algorithm:` (SOL004 §5.3 and Tacker's `HASH_DICT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// SHA-224.
    Sha224,
    /// SHA-256 (what vnfwiz writes).
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512 (Glance's default for images).
    Sha512,
}

impl Algorithm {
    /// Every algorithm, in the order Tacker lists them.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Sha224,
        Algorithm::Sha256,
        Algorithm::Sha384,
        Algorithm::Sha512,
    ];

    /// The name as a manifest writes it (`SHA-256`).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Sha224 => "SHA-224",
            Algorithm::Sha256 => "SHA-256",
            Algorithm::Sha384 => "SHA-384",
            Algorithm::Sha512 => "SHA-512",
        }
    }

    /// Reads a name as Tacker does: any case, the dash required (`sha-256`, `SHA-256`).
    pub fn parse(name: &str) -> Option<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Hex digits in a digest of this algorithm.
    pub fn hex_len(self) -> usize {
        match self {
            Algorithm::Sha224 => 56,
            Algorithm::Sha256 => 64,
            Algorithm::Sha384 => 96,
            Algorithm::Sha512 => 128,
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Several algorithms fed the same bytes.
#[derive(Clone, Default)]
pub struct MultiHasher {
    sha224: Option<Sha224>,
    sha256: Option<Sha256>,
    sha384: Option<Sha384>,
    sha512: Option<Sha512>,
    bytes: u64,
}

impl MultiHasher {
    /// A hasher computing each of `algorithms`.
    pub fn new(algorithms: &[Algorithm]) -> MultiHasher {
        let wants = |a| algorithms.contains(&a);
        MultiHasher {
            sha224: wants(Algorithm::Sha224).then(Sha224::new),
            sha256: wants(Algorithm::Sha256).then(Sha256::new),
            sha384: wants(Algorithm::Sha384).then(Sha384::new),
            sha512: wants(Algorithm::Sha512).then(Sha512::new),
            bytes: 0,
        }
    }

    /// Feeds bytes to every algorithm.
    pub fn update(&mut self, data: &[u8]) {
        self.bytes += data.len() as u64;
        if let Some(h) = &mut self.sha224 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha256 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha384 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha512 {
            h.update(data);
        }
    }

    /// The digests of everything fed, lower-case hex.
    pub fn finish(self) -> Digests {
        let hex = |bytes: &[u8]| -> String { bytes.iter().map(|b| format!("{b:02x}")).collect() };
        let mut out = Vec::new();
        if let Some(h) = self.sha224 {
            out.push((Algorithm::Sha224, hex(&h.finalize())));
        }
        if let Some(h) = self.sha256 {
            out.push((Algorithm::Sha256, hex(&h.finalize())));
        }
        if let Some(h) = self.sha384 {
            out.push((Algorithm::Sha384, hex(&h.finalize())));
        }
        if let Some(h) = self.sha512 {
            out.push((Algorithm::Sha512, hex(&h.finalize())));
        }
        Digests {
            bytes: self.bytes,
            hex: out,
        }
    }
}

/// A file's length and its digests, one per algorithm asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digests {
    /// Bytes hashed.
    pub bytes: u64,
    hex: Vec<(Algorithm, String)>,
}

impl Digests {
    /// The lower-case hex digest by `algorithm`, when it was computed.
    pub fn get(&self, algorithm: Algorithm) -> Option<&str> {
        self.hex
            .iter()
            .find(|(a, _)| *a == algorithm)
            .map(|(_, d)| d.as_str())
    }
}

/// Read size when hashing a stream: large enough to keep the SHA instructions busy.
const CHUNK: usize = 1 << 20;

/// Hashes everything `reader` yields with each of `algorithms`.
pub fn hash_reader(reader: &mut dyn Read, algorithms: &[Algorithm]) -> std::io::Result<Digests> {
    let mut hasher = MultiHasher::new(algorithms);
    let mut buffer = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buffer[..n]);
    }
    Ok(hasher.finish())
}

/// SHA-256 of bytes in memory, lower-case hex.
pub fn sha256_hex(data: &[u8]) -> String {
    let mut hasher = MultiHasher::new(&[Algorithm::Sha256]);
    hasher.update(data);
    hasher
        .finish()
        .get(Algorithm::Sha256)
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_tacker_reads_them() {
        assert_eq!(Algorithm::parse("SHA-256"), Some(Algorithm::Sha256));
        assert_eq!(Algorithm::parse("sha-512"), Some(Algorithm::Sha512));
        assert_eq!(Algorithm::parse("SHA256"), None);
        assert_eq!(Algorithm::parse("SHA-255"), None);
        assert_eq!(Algorithm::parse("MD5"), None);
    }

    #[test]
    fn known_digests_of_abc() {
        let mut reader: &[u8] = b"abc";
        let digests = hash_reader(&mut reader, &Algorithm::ALL).unwrap();
        assert_eq!(digests.bytes, 3);
        assert_eq!(
            digests.get(Algorithm::Sha224),
            Some("23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        );
        assert_eq!(
            digests.get(Algorithm::Sha256),
            Some("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        );
        assert!(
            digests
                .get(Algorithm::Sha384)
                .unwrap()
                .starts_with("cb00753f45a35e8b")
        );
        assert!(
            digests
                .get(Algorithm::Sha512)
                .unwrap()
                .starts_with("ddaf35a193617aba")
        );
        for a in Algorithm::ALL {
            assert_eq!(digests.get(a).unwrap().len(), a.hex_len());
        }
    }
}
