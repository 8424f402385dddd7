//! The namespace URIs an OVF descriptor uses, and the OVF version a root namespace means.
//!
//! Elements are always matched by namespace URI and local name, never by prefix.

use serde::Serialize;

/// OVF 0.9, as VMware wrote it before DMTF's 1.0.
pub const OVF_0_9: &str = "http://www.vmware.com/schema/ovf/1/envelope";
/// DMTF OVF 1.x (DSP0243 1.0 and 1.1).
pub const OVF_1: &str = "http://schemas.dmtf.org/ovf/envelope/1";
/// DMTF OVF 2.x (DSP0243 2.0 and 2.1).
pub const OVF_2: &str = "http://schemas.dmtf.org/ovf/envelope/2";
/// CIM_ResourceAllocationSettingData.
pub const RASD: &str =
    "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData";
/// CIM_VirtualSystemSettingData.
pub const VSSD: &str =
    "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_VirtualSystemSettingData";
/// CIM_EthernetPortAllocationSettingData.
pub const EPASD: &str =
    "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_EthernetPortAllocationSettingData";
/// CIM_StorageAllocationSettingData.
pub const SASD: &str =
    "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_StorageAllocationSettingData";
/// CIM_BootConfigSetting.
pub const BOOTC: &str = "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_BootConfigSetting";
/// CIM_BootSourceSetting.
pub const BOOTS: &str = "http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_BootSourceSetting";
/// Common CIM types.
pub const CIM: &str = "http://schemas.dmtf.org/wbem/wscim/1/common";
/// XML Schema instance (`xsi:type`).
pub const XSI: &str = "http://www.w3.org/2001/XMLSchema-instance";
/// The `xml:` namespace (`xml:lang`).
pub const XML: &str = "http://www.w3.org/XML/1998/namespace";
/// VMware's OVF extensions.
pub const VMW: &str = "http://www.vmware.com/schema/ovf";

/// What a namespace URI is to vnfwiz.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NsKind {
    /// No namespace.
    None,
    /// One of the OVF envelope namespaces (0.9, 1.x with or without a trailing slash, 2.x).
    Ovf,
    /// A CIM settings-data namespace whose children are CIM properties (rasd, epasd, sasd).
    CimSettings,
    /// CIM_VirtualSystemSettingData.
    Vssd,
    /// The boot configuration namespaces.
    Boot,
    /// `xsi:`.
    Xsi,
    /// `xml:`.
    Xml,
    /// VMware's extensions.
    Vmware,
    /// Common CIM types.
    Cim,
    /// Any other namespace: a vendor extension (the `ecs:` sections live here).
    Extension,
}

impl NsKind {
    /// Classifies a namespace URI.
    pub fn of(uri: &str) -> NsKind {
        match uri {
            "" => NsKind::None,
            OVF_0_9 | OVF_1 | OVF_2 => NsKind::Ovf,
            u if u == format!("{OVF_1}/") => NsKind::Ovf,
            RASD | EPASD | SASD => NsKind::CimSettings,
            VSSD => NsKind::Vssd,
            BOOTC | BOOTS => NsKind::Boot,
            XSI => NsKind::Xsi,
            XML => NsKind::Xml,
            VMW => NsKind::Vmware,
            CIM => NsKind::Cim,
            _ => NsKind::Extension,
        }
    }
}

/// The OVF version a descriptor declares through its root element's namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum OvfVersion {
    /// VMware's pre-standard 0.9.
    #[serde(rename = "0.9")]
    V0_9,
    /// DSP0243 1.x.
    #[serde(rename = "1.x")]
    V1,
    /// DSP0243 2.x.
    #[serde(rename = "2.x")]
    V2,
}

impl OvfVersion {
    /// The version of a root namespace, and whether the URI was written with a trailing slash.
    pub fn from_root_namespace(uri: &str) -> Option<(OvfVersion, bool)> {
        match uri {
            OVF_0_9 => Some((OvfVersion::V0_9, false)),
            OVF_1 => Some((OvfVersion::V1, false)),
            OVF_2 => Some((OvfVersion::V2, false)),
            u if u.strip_suffix('/') == Some(OVF_1) => Some((OvfVersion::V1, true)),
            _ => None,
        }
    }

    /// The version as people write it.
    pub fn label(self) -> &'static str {
        match self {
            OvfVersion::V0_9 => "0.9",
            OvfVersion::V1 => "1.x",
            OvfVersion::V2 => "2.x",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_come_from_the_root_namespace_only() {
        assert_eq!(
            OvfVersion::from_root_namespace(OVF_1),
            Some((OvfVersion::V1, false))
        );
        assert_eq!(
            OvfVersion::from_root_namespace("http://schemas.dmtf.org/ovf/envelope/1/"),
            Some((OvfVersion::V1, true))
        );
        assert_eq!(
            OvfVersion::from_root_namespace(OVF_2),
            Some((OvfVersion::V2, false))
        );
        assert_eq!(
            OvfVersion::from_root_namespace(OVF_0_9),
            Some((OvfVersion::V0_9, false))
        );
        assert_eq!(
            OvfVersion::from_root_namespace("http://schemas.dmtf.org/ovf/envelope/3"),
            None
        );
    }

    #[test]
    fn classifies_namespaces() {
        assert_eq!(NsKind::of(OVF_2), NsKind::Ovf);
        assert_eq!(NsKind::of(RASD), NsKind::CimSettings);
        assert_eq!(NsKind::of("http://example.com/ecs"), NsKind::Extension);
        assert_eq!(NsKind::of(""), NsKind::None);
    }
}
