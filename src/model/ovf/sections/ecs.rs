//! Ericsson's extension sections (`ecs:`): virtual routers, router interfaces and resource
//! groups. They live in a vendor namespace and are recognised by local name in any
//! extension namespace (the seed names no URI).

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::notice::NoticeKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One `ecs:VirtualRouter` (a VRF).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VirtualRouter {
    /// `ecs:id`, what interfaces refer to.
    pub id: Located<String>,
    /// `ecs:name`.
    pub name: Option<String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// One `ecs:VirtualNetworkRouterInterface` (a VRF vNIC or a border-gateway port).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RouterInterface {
    /// `ecs:id`.
    pub id: Located<String>,
    /// `ecs:name`.
    pub name: Option<String>,
    /// `ecs:category` (`internalVrfInterface`, `gatewayVrfInterface`).
    pub category: Option<String>,
    /// `ecs:virtualRouterRef`: the router's `ecs:id`.
    pub virtual_router_ref: Option<Located<String>>,
    /// `ecs:networkRef`: the network's `ovf:name`.
    pub network_ref: Option<Located<String>>,
    /// `ecs:borderGatewayHostId`.
    pub border_gateway_host_id: Option<String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// One `ecs:ResourceGroup`: placement settings (an availability zone).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResourceGroup {
    /// `ecs:id`, what `ecs:resourceGroupRef` names.
    pub id: Located<String>,
    /// `ecs:Placement` name/value pairs (`placementZone` = `nova`).
    pub placements: Vec<(String, String)>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// A section of one of the three `ecs:` kinds with its entries.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EcsSection<T> {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The entries.
    pub entries: Vec<T>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

fn ecs_attr(element: &XmlElement, local: &str) -> Option<Located<String>> {
    element
        .extension_attr(local)
        .map(|a| Located::new(a.value.clone(), a.span))
}

fn ecs_id(reading: &mut Reading<'_>, element: &XmlElement, path: &str) -> Option<Located<String>> {
    let id = ecs_attr(element, "id");
    if id.is_none() {
        reading.notice(
            NoticeKind::Missing,
            element.span,
            path,
            format!("<{}> has no ecs:id attribute", element.qname),
        );
    }
    id
}

fn entries<'t>(reading: &Reading<'t>, element: &'t XmlElement, local: &str) -> Vec<&'t XmlElement> {
    reading
        .children(element)
        .filter(|c| c.name.kind == NsKind::Extension && c.name.local == local)
        .collect()
}

/// Reads `ecs:VirtualRouterSection`.
pub fn read_routers(reading: &mut Reading<'_>, element: &XmlElement) -> EcsSection<VirtualRouter> {
    let mut out = Vec::new();
    for child in entries(reading, element, "VirtualRouter") {
        if let Some(id) = ecs_id(reading, child, "VirtualRouterSection/VirtualRouter") {
            out.push(VirtualRouter {
                id,
                name: ecs_attr(child, "name").map(|l| l.value),
                span: child.span,
            });
        }
    }
    EcsSection {
        info: reading.text_child(element, "Info"),
        entries: out,
        span: element.span,
    }
}

/// Reads `ecs:VirtualNetworkRouterInterfaceSection`.
pub fn read_interfaces(
    reading: &mut Reading<'_>,
    element: &XmlElement,
) -> EcsSection<RouterInterface> {
    let mut out = Vec::new();
    let path = "VirtualNetworkRouterInterfaceSection/VirtualNetworkRouterInterface";
    for child in entries(reading, element, "VirtualNetworkRouterInterface") {
        if let Some(id) = ecs_id(reading, child, path) {
            out.push(RouterInterface {
                id,
                name: ecs_attr(child, "name").map(|l| l.value),
                category: ecs_attr(child, "category").map(|l| l.value),
                virtual_router_ref: ecs_attr(child, "virtualRouterRef"),
                network_ref: ecs_attr(child, "networkRef"),
                border_gateway_host_id: ecs_attr(child, "borderGatewayHostId").map(|l| l.value),
                span: child.span,
            });
        }
    }
    EcsSection {
        info: reading.text_child(element, "Info"),
        entries: out,
        span: element.span,
    }
}

/// Reads `ecs:ResourceGroupSection`.
pub fn read_resource_groups(
    reading: &mut Reading<'_>,
    element: &XmlElement,
) -> EcsSection<ResourceGroup> {
    let mut out = Vec::new();
    for child in entries(reading, element, "ResourceGroup") {
        let Some(id) = ecs_id(reading, child, "ResourceGroupSection/ResourceGroup") else {
            continue;
        };
        let placements = entries(reading, child, "Placement")
            .into_iter()
            .map(|p| {
                (
                    ecs_attr(p, "name").map(|l| l.value).unwrap_or_default(),
                    ecs_attr(p, "value").map(|l| l.value).unwrap_or_default(),
                )
            })
            .collect();
        out.push(ResourceGroup {
            id,
            placements,
            span: child.span,
        });
    }
    EcsSection {
        info: reading.text_child(element, "Info"),
        entries: out,
        span: element.span,
    }
}
