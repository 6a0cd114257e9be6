/**
 * What-if (issue 15, must-show 3; decision 025): a folder's Summary figures under another policy, or an edited
 * unsaved copy of one, beside today's. Priced in the query cost model (limits.server.ts) so a document holds one.
 */
import { MAX_WHAT_IF_CONTAINERS } from "~/analysis/what-if.server";

export const whatIfTypeDefs = /* GraphQL */ `
"""One parameter of an edited policy copy."""
input PolicyParameterValueInput {
  """The parameter's name, as parameterGroupDefinitions lists it (e.g. cpuRequestHeadroom)."""
  id: String!
  """The value as JSON: a number (25), true or false, a quoted choice ("Peak"), or a list of hours ([1, 2])."""
  value: String!
}

"""The Optimization Breakdown waterfall's bars ($ per month)."""
type WhatIfWaterfall {
  """What the containers' current requests cost."""
  currentSpend: Float!
  """Spare requests of containers not at risk (negative)."""
  immediateSavings: Float!
  """The cost of raising requests that are too low or unset."""
  riskRemoval: Float!
  """Spare requests of containers at risk (negative)."""
  additionalWaste: Float!
  """What the containers cost with every recommendation applied."""
  optimalSpend: Float!
}

"""A folder's Summary figures under one policy."""
type WhatIfFigures {
  """Containers of the folder (with a row in the current snapshot), analysed or not."""
  containers: Int!
  """Analysed containers (the ones with costs)."""
  analysed: Int!
  """The Optimization Breakdown waterfall."""
  waterfall: WhatIfWaterfall!
  """Current + unspecified − recommended cost ($ per month), as the Monthly Waste card."""
  monthlyWaste: Float!
  """Current − optimal spend ($ per month)."""
  netSavings: Float!
  """Analysed containers at risk."""
  atRisk: Int!
  """Containers with a CPU throttling risk."""
  cpuThrottled: Int!
  """Containers in a node group with stranded CPU."""
  cpuStranded: Int!
  """Containers with a memory pod termination risk."""
  memoryPodTermination: Int!
  """Containers in a node group with stranded memory."""
  memoryStranded: Int!
  """Containers with a memory process termination risk."""
  memoryProcessTermination: Int!
}

"""One line of the side-by-side comparison."""
type WhatIfLine {
  """The figure: currentSpend, immediateSavings, riskRemoval, additionalWaste, optimalSpend, monthlyWaste, netSavings, analysed, atRisk or a risk flag."""
  key: String!
  """The figure's name as the What-if page shows it."""
  label: String!
  """money ($ per month) or count (containers)."""
  kind: String!
  """Today's value (the current snapshot)."""
  today: Float!
  """The value under the chosen policy."""
  whatIf: Float!
  """whatIf − today, exact to the cent."""
  difference: Float!
  """difference ÷ |today| × 100 to one decimal; null when today is 0."""
  percent: Float
}

"""A folder's figures today and under a policy, computed by the same engine on the same samples; nothing is saved."""
type PolicyWhatIf {
  """The policy analysed with: a policy's name, or "<name> (edited, unsaved)" for an edited copy."""
  policyName: String!
  """Today's figures (the current snapshot)."""
  today: WhatIfFigures!
  """The figures under the policy."""
  whatIf: WhatIfFigures!
  """Each figure side by side, with the difference."""
  lines: [WhatIfLine!]!
  """The end of the analysis window (the snapshot's), ISO 8601."""
  windowEnd: String!
  """How long the what-if took (ms)."""
  ms: Int!
}

extend type Query {
  """
  A containers-tree folder's Summary figures (waterfall, monthly waste, savings, risk counts) under a policy, or an
  edited unsaved copy of it (values), beside today's. Every container of the folder is analysed again, so a folder
  may hold at most ${MAX_WHAT_IF_CONTAINERS.toLocaleString("en-US")} containers; one per request.
  """
  getPolicyWhatIf(
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    filterId: String!
    """A folder's names from the root separated by '/', with or without the root name, case-insensitive; empty for the whole tree."""
    treeviewPath: String!
    """The policy to start from, by name (case-insensitive)."""
    policyName: String!
    """Parameters to change in an unsaved copy of that policy; the rest keep the policy's values."""
    values: [PolicyParameterValueInput!]
  ): PolicyWhatIf!
}
`;
