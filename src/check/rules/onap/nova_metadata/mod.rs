//! Requirements of the catalogue's "Nova Metadata Parameters" section: the `metadata` keys
//! ONAP reads on every server and the parameters behind them.

pub(crate) mod r02691_workload_context_env;
mod r07507_vnf_id_parameter;
mod r09811_vf_module_index_constraints;
pub(crate) mod r13194_environment_context_env;
mod r15480_vf_module_name_constraints;
mod r20308_environment_context_parameter;
pub(crate) mod r20856_vnf_id_env;
mod r34055_workload_context_constraints;
pub(crate) mod r36542_vnf_name_env;
pub(crate) mod r37039_vf_module_index_env;
mod r37437_vnf_id_metadata;
mod r39067_vf_module_name_parameter;
mod r44318_vnf_name_constraints;
mod r50816_vf_module_index_get_param;
mod r54340_vf_module_index_parameter;
mod r55218_vnf_id_constraints;
mod r55306_vf_module_index_volume;
mod r55307_vf_module_index_indexing;
mod r56183_environment_context_constraints;
mod r62428_vnf_name_parameter;
mod r67597_vm_role_constraints;
mod r68023_vf_module_name_get_param;
mod r71493_vf_module_id_metadata;
mod r72483_vnf_name_metadata;
pub(crate) mod r72871_vf_module_id_env;
mod r74978_workload_context_parameter;
pub(crate) mod r80374_vf_module_name_env;
mod r82134_vf_module_id_parameter;
mod r86476_vm_role_characters;
mod r98374_vf_module_id_constraints;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r02691_workload_context_env::RULE,
    &r07507_vnf_id_parameter::RULE,
    &r09811_vf_module_index_constraints::RULE,
    &r13194_environment_context_env::RULE,
    &r15480_vf_module_name_constraints::RULE,
    &r20308_environment_context_parameter::RULE,
    &r20856_vnf_id_env::RULE,
    &r34055_workload_context_constraints::RULE,
    &r36542_vnf_name_env::RULE,
    &r37039_vf_module_index_env::RULE,
    &r37437_vnf_id_metadata::RULE,
    &r39067_vf_module_name_parameter::RULE,
    &r44318_vnf_name_constraints::RULE,
    &r50816_vf_module_index_get_param::RULE,
    &r54340_vf_module_index_parameter::RULE,
    &r55218_vnf_id_constraints::RULE,
    &r55306_vf_module_index_volume::RULE,
    &r55307_vf_module_index_indexing::RULE,
    &r56183_environment_context_constraints::RULE,
    &r62428_vnf_name_parameter::RULE,
    &r67597_vm_role_constraints::RULE,
    &r68023_vf_module_name_get_param::RULE,
    &r71493_vf_module_id_metadata::RULE,
    &r72483_vnf_name_metadata::RULE,
    &r72871_vf_module_id_env::RULE,
    &r74978_workload_context_parameter::RULE,
    &r80374_vf_module_name_env::RULE,
    &r82134_vf_module_id_parameter::RULE,
    &r86476_vm_role_characters::RULE,
    &r98374_vf_module_id_constraints::RULE,
];
