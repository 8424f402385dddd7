//! Who makes the VNF and which descriptor this is: the SOL001 VNF node's identity, with a
//! descriptor id that stays the same across versions of one product.

use sha1::{Digest as _, Sha1};

use crate::model::ovf::OvfPackage;

/// The RFC 4122 URL namespace; the name hashed in it is a `urn:` of provider and product.
const URL_NAMESPACE: [u8; 16] = [
    0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
];

/// The identity properties of the VNF node (SOL001 §6.8.1) and the manifest's metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VnfIdentity {
    /// `descriptor_id`: a UUID.
    pub descriptor_id: String,
    /// `provider`.
    pub provider: String,
    /// `product_name`.
    pub product_name: String,
    /// `software_version`.
    pub software_version: String,
    /// `descriptor_version`.
    pub descriptor_version: String,
    /// `vnfm_info`.
    pub vnfm_info: Vec<String>,
}

impl VnfIdentity {
    /// An identity for `provider`'s `product` at `version`; the descriptor id is `recorded`
    /// when the answers hold one, else derived from provider and product alone, so every
    /// version of the product gets the same id.
    pub fn new(
        provider: &str,
        product: &str,
        version: &str,
        recorded: Option<&str>,
    ) -> VnfIdentity {
        VnfIdentity {
            descriptor_id: recorded
                .map(str::to_owned)
                .unwrap_or_else(|| descriptor_id(provider, product)),
            provider: provider.to_owned(),
            product_name: product.to_owned(),
            software_version: version.to_owned(),
            descriptor_version: "1.0".to_owned(),
            vnfm_info: vec!["Tacker".to_owned()],
        }
    }
}

/// The identity an OVF package declares in its ProductSection (product, vendor, version),
/// with `fallback` naming the product when it declares none.
pub fn from_ovf(ovf: Option<&OvfPackage>, fallback: &str, recorded: Option<&str>) -> VnfIdentity {
    let product = ovf.and_then(OvfPackage::envelope).and_then(|envelope| {
        let section = envelope
            .contents
            .iter()
            .flat_map(|c| c.products.iter())
            .find(|p| p.product.is_some() || p.vendor.is_some())?;
        let text = |t: &Option<crate::model::ovf::LocalizedText>| {
            t.as_ref()
                .map(|t| envelope.text(t).trim().to_owned())
                .filter(|t| !t.is_empty())
        };
        Some((
            text(&section.product),
            text(&section.vendor),
            text(&section.version).or_else(|| text(&section.full_version)),
        ))
    });
    let (product, vendor, version) = product.unwrap_or_default();
    VnfIdentity::new(
        vendor.as_deref().unwrap_or("Unknown provider"),
        product.as_deref().unwrap_or(fallback),
        version.as_deref().unwrap_or("1.0"),
        recorded,
    )
}

/// A name-based (version 5) UUID of `provider` and `product`.
pub fn descriptor_id(provider: &str, product: &str) -> String {
    let name = format!("urn:vnfwiz:vnfd:{}:{}", provider.trim(), product.trim());
    let mut hasher = Sha1::new();
    hasher.update(URL_NAMESPACE);
    hasher.update(name.as_bytes());
    let hash = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&hash[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x50;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_product_same_id_across_versions() {
        let a = VnfIdentity::new("Acme Networks", "vFirewall", "9.1", None);
        let b = VnfIdentity::new("Acme Networks", "vFirewall", "9.2", None);
        let c = VnfIdentity::new("Acme Networks", "vDNS", "9.1", None);
        assert_eq!(a.descriptor_id, b.descriptor_id);
        assert_ne!(a.descriptor_id, c.descriptor_id);
        let id = &a.descriptor_id;
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "5", "version 5: {id}");
        assert!(
            matches!(&id[19..20], "8" | "9" | "a" | "b"),
            "RFC 4122 variant: {id}"
        );
        let kept = VnfIdentity::new(
            "Acme Networks",
            "vFirewall",
            "9.1",
            Some("0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f"),
        );
        assert_eq!(kept.descriptor_id, "0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f");
    }

    #[test]
    fn identity_from_the_product_section() {
        let ovf = super::super::vfw_fixture();
        let identity = from_ovf(Some(&ovf), "vfw", None);
        assert_eq!(
            (
                identity.provider.as_str(),
                identity.product_name.as_str(),
                identity.software_version.as_str()
            ),
            ("Acme Networks", "vFirewall", "9.1")
        );
        assert_eq!(from_ovf(None, "vdns", None).product_name, "vdns");
    }

    #[test]
    fn known_uuid5_vector() {
        // Python's uuid.uuid5(uuid.NAMESPACE_URL, "urn:vnfwiz:vnfd:Acme:vFW").
        assert_eq!(
            descriptor_id("Acme", "vFW"),
            "350e592d-05d4-58b7-ba04-9d4719e90a03"
        );
    }
}
