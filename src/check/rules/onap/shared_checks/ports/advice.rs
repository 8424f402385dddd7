//! The why and fix texts that several Neutron and Contrail environment-file rules give word for
//! word: one copy each, so the twins cannot drift apart.

/// Why an internal network's address must be in the environment file.
pub const INTERNAL_ADDRESS_WHY: &str = "No one outside the VNF assigns addresses on the networks \
    it creates; SDC takes them from the environment file, so an address missing there is missing \
    at instantiation.";

/// How to fix an internal address missing from the environment file.
pub const ADD_ADDRESS_TO_ENV: &str = "Add `<parameter>: <address>` under `parameters:` in the \
    module's `.env` file (a list as `a,b,c`).";

/// How to fix a parameter the environment file must not give.
pub const DELETE_FROM_ENV: &str = "Delete the parameter's line under `parameters:` in the module's \
    `.env` file; keep the declaration in the template.";

/// Why an internal network's virtual IP must be in the environment file.
pub const INTERNAL_VIP_WHY: &str = "Nobody outside the VNF assigns virtual IPs on its own \
    networks: SDC reads them from the environment file, by this name.";

/// How to fix an internal IPv4 virtual IP parameter's name, type or env entry.
pub const INTERNAL_VIP_V4_FIX: &str = "Rename the parameter to `<vm-type>_int_<role>_floating_ip` \
    (string) or `…_floating_ips` (comma_delimited_list) and give its value under `parameters:` in \
    the module's `.env` file.";

/// Why an external network's address must not be in the environment file.
pub const EXTERNAL_ADDRESS_WHY: &str = "ONAP (SDN-C) assigns addresses on external networks when \
    the module is instantiated; a value in the environment file pins an address ONAP does not know \
    about and clashes with its assignment.";

/// Why an external network's subnet must not be in the environment file.
pub const EXTERNAL_SUBNET_WHY: &str = "ONAP supplies the subnet of an external network at \
    instantiation; a value in the env pins a subnet ONAP did not choose.";

/// Why an external network's virtual IP must not be in the environment file.
pub const EXTERNAL_VIP_WHY: &str = "Virtual IPs on external networks are assigned by ONAP at \
    instantiation; a value in the env pins an address ONAP does not know about.";

/// Why an internal network's subnet must not be in the environment file.
pub const INTERNAL_SUBNET_WHY: &str = "An internal subnet is made by the base module and reaches \
    incremental modules through its output; a value in the env replaces that link with a fixed \
    UUID that does not exist before the base module is deployed.";

/// How to fix an internal IPv6 virtual IP parameter's name, type or env entry.
pub const INTERNAL_VIP_V6_FIX: &str = "Rename the parameter to \
    `<vm-type>_int_<role>_floating_v6_ip` (string) or `…_floating_v6_ips` (comma_delimited_list) \
    and give its value under `parameters:` in the module's `.env` file.";
