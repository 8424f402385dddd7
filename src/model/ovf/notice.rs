//! Findings made while building the model (bad units, missing attributes, …); rules report
//! them so each is documented, selectable and fixture-tested like any other check.

use serde::Serialize;

use crate::foundation::diagnostics::Span;

/// What a notice is about; each kind is reported by one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoticeKind {
    /// The 1.x namespace written with a trailing slash.
    NamespaceSlash,
    /// A pre-DSP0004 unit name such as `MegaBytes`.
    LegacyUnits,
    /// A unit string that does not parse.
    BadUnits,
    /// A value that does not parse as what the attribute or element holds.
    Malformed,
    /// An attribute or element the OVF schema requires is absent.
    Missing,
    /// An external message bundle that cannot be read; its texts fall back to the inline ones.
    StringsBundle,
    /// Elements without a namespace inside an OVF Envelope, read as OVF elements.
    UnqualifiedElement,
    /// OVF attributes without the `ovf:` prefix, read as their `ovf:` namesakes.
    UnprefixedAttribute,
    /// An empty resource setting (`<rasd:Reservation/>`), read as absent.
    EmptySetting,
    /// A disk whose `ovf:fileRef` is empty, read as a blank disk.
    BlankFileRef,
    /// A property `Value` without `ovf:value`, read as an empty value.
    ValueWithoutValue,
    /// An OperatingSystemSection id that is not one of CIM's operating system types.
    OsId,
    /// A ResourceAllocationSection or EulaSection where DSP0243 does not list it, used there.
    PlacedSection,
    /// Localised texts in an Envelope without `xml:lang`, shown in a bundle's language.
    DefaultLanguage,
    /// A build-template placeholder where a value belongs.
    BuildTemplate,
    /// A required setting of an item that is not a CIM property.
    UnknownSetting,
    /// A host resource written `ovf://disk/<id>`, read as `ovf:/disk/<id>`.
    HostResource,
    /// Two items of one InstanceID for an option, the one naming fewer options used.
    OptionOverride,
    /// A boolean written `True` or `False` (xs:boolean is lower case), read without case.
    BooleanCase,
    /// A disk with a file but no `ovf:format`, its format read from the file's header or
    /// from its name.
    DiskFormat,
}

/// One finding made while reading the descriptor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Notice {
    /// What it is about.
    pub kind: NoticeKind,
    /// Where.
    #[serde(skip)]
    pub span: Span,
    /// Dotted path of the element (`VirtualSystem[fw1].VirtualHardwareSection.Item[2]`).
    pub path: String,
    /// What is wrong, in one sentence.
    pub message: String,
}
