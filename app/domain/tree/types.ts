/** Tree node as the spec's folder/leaf list JSON carries it (spec document 1, section 3). */
export interface TreeNode {
  /** Dotted index path, e.g. "0.0.1"; the root is "0". */
  id: string;
  name: string;
  label: string;
  level: number;
  type: string;
  children?: TreeNode[];
  /** Slash-separated names from the root, e.g. "System Breakdown/prod-eks-1/payments". */
  fullPath: string;
  entityId?: string;
  parentPath?: string;
  /** Leaf descendants (a childless node counts 1). */
  containerCount?: number;
  count?: number;
  ignoreNodeOnLazyLoad?: boolean;
}

export const NO_DATA_NODE: TreeNode = {
  id: "-1",
  name: "No Data",
  label: "No Data Available",
  level: -1,
  type: "noData",
  fullPath: "",
};

export type TreeKind = "containers" | "nodes" | "cloud";
