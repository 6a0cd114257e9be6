/** Container policies as data: parameter groups and definitions, the named policies, validation. */
export {
  ANALYSIS_METRICS,
  CONTAINER_POLICY_TYPE,
  GROUP_NAMES,
  PARAMETER_BY_NAME,
  PARAMETER_DEFINITIONS,
  PARAMETER_GROUPS,
  defaultPolicyValues,
  formatParameterValue,
  type AnalysisMetric,
  type GroupName,
  type ParameterDefinition,
  type ParameterGroup,
  type ParameterName,
  type ParameterType,
  type PolicyValues,
} from "./parameters";
export {
  COST_SAVER_POLICY,
  PERFORMANCE_FIRST_POLICY,
  POLICIES,
  PRODUCTION_BALANCED_POLICY,
  SYSTEM_DEFAULT_POLICY,
  isDefaultValues,
  policyByName,
  policyForContainer,
  policyValues,
  type Policy,
} from "./policies";
export { policyParameterGroups, type PolicyParameterGroupValues, type PolicyParameterValue } from "./instance";
export { validatePolicyValues, type PolicyValidation, type PolicyValidationError } from "./validate";
