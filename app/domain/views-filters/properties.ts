/**
 * The whitelist of properties a View can group by and a Filter can test. Nothing else ever reaches SQL: a
 * View level or Filter line names a property by its identity (datasourceId when staticSource, else attrKey),
 * and only the column or attribute listed here is used.
 */
export type DataType = "STR" | "INT" | "DAT";

export interface AvailableProperty {
  displayColumn: string;
  staticSource: boolean;
  columnSource: string;
  datasourceId: string;
  attrKey: string;
  tableSource: string;
  dataType: DataType;
}

export interface PropertyDef extends AvailableProperty {
  /** Identity of the property: datasourceId for static sources, attrKey for attributes (labels). */
  key: string;
  /** Static sources: the container column. Attributes: undefined (read from container_attribute). */
  column?:
    | "cluster"
    | "namespace"
    | "pod_owner_kind"
    | "pod_owner_name"
    | "container_name"
    | "node_group"
    | "policy"
    | "replicas"
    | "cpu_request"
    | "cpu_limit"
    | "mem_request"
    | "mem_limit"
    | "first_seen"
    | "last_seen";
  /** Can be a View level (tree grouping). Numbers and dates are filter-only. */
  groupable: boolean;
  /** Tree node type (icon) for a level of this property. */
  nodeType: string;
}

function staticProp(
  datasourceId: string,
  column: NonNullable<PropertyDef["column"]>,
  displayColumn: string,
  dataType: DataType,
  nodeType: string,
): PropertyDef {
  return {
    key: datasourceId,
    displayColumn,
    staticSource: true,
    columnSource: column,
    datasourceId,
    attrKey: "",
    tableSource: "container",
    dataType,
    column,
    groupable: dataType === "STR",
    nodeType,
  };
}

function attributeProp(attrKey: string, displayColumn: string, nodeType: string): PropertyDef {
  return {
    key: attrKey,
    displayColumn,
    staticSource: false,
    columnSource: "value",
    datasourceId: "CONTAINER_ATTRIBUTE",
    attrKey,
    tableSource: "container_attribute",
    dataType: "STR",
    groupable: true,
    nodeType,
  };
}

export const CONTAINER_PROPERTIES: readonly PropertyDef[] = [
  staticProp("K8S_CLUSTER", "cluster", "Cluster", "STR", "Cluster"),
  staticProp("K8S_NAMESPACE", "namespace", "Namespace", "STR", "Namespace"),
  staticProp("K8S_POD_OWNER_KIND", "pod_owner_kind", "Pod Owner Kind", "STR", "Pod"),
  staticProp("K8S_POD_OWNER_NAME", "pod_owner_name", "Pod Owner Name", "STR", "Pod"),
  staticProp("K8S_CONTAINER", "container_name", "Container", "STR", "containerleaf"),
  staticProp("K8S_NODE_GROUP", "node_group", "Node Group", "STR", "folder"),
  staticProp("K8S_POLICY", "policy", "Policy", "STR", "folder"),
  staticProp("K8S_REPLICAS", "replicas", "Replicas", "INT", "folder"),
  staticProp("K8S_CPU_REQUEST", "cpu_request", "CPU Request (mCores)", "INT", "folder"),
  staticProp("K8S_CPU_LIMIT", "cpu_limit", "CPU Limit (mCores)", "INT", "folder"),
  staticProp("K8S_MEM_REQUEST", "mem_request", "Memory Request (MB)", "INT", "folder"),
  staticProp("K8S_MEM_LIMIT", "mem_limit", "Memory Limit (MB)", "INT", "folder"),
  staticProp("K8S_FIRST_SEEN", "first_seen", "First Seen", "DAT", "folder"),
  staticProp("K8S_LAST_SEEN", "last_seen", "Last Seen", "DAT", "folder"),
  attributeProp("business_unit", "Business Unit", "Business Unit"),
  attributeProp("team", "Team", "folder"),
  attributeProp("environment", "Environment", "folder"),
  attributeProp("technology", "Technology", "technology"),
];

const BY_KEY = new Map(CONTAINER_PROPERTIES.map((p) => [p.key.toLowerCase(), p]));

/** Looks a property up by its identity; undefined for anything not on the whitelist. */
export function findProperty(key: string): PropertyDef | undefined {
  return BY_KEY.get(key.trim().toLowerCase());
}

/** The identity the spec gives a level or line: datasourceId when staticSource is true, else attrKey. */
export function propertyIdentity(p: { staticSource: boolean; datasourceId: string; attrKey: string }): string {
  return p.staticSource ? p.datasourceId : p.attrKey;
}

export function availableProperties(forFilters: boolean): AvailableProperty[] {
  return CONTAINER_PROPERTIES.filter((p) => forFilters || p.groupable).map(
    ({ displayColumn, staticSource, columnSource, datasourceId, attrKey, tableSource, dataType }) => ({
      displayColumn,
      staticSource,
      columnSource,
      datasourceId,
      attrKey,
      tableSource,
      dataType,
    }),
  );
}
