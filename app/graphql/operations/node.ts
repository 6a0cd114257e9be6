/** Service path k8s/node: the nodes tree. */
import { typed } from "./typed-document";

/** nodeTreeJson is a JSON array holding the root TreeNode (ROOT > CLUSTER > NODEGROUP > NODE). */
export const NODE_TREE_JSON = typed<{ nodeTreeJson: string }>(/* GraphQL */ `
  query nodeTreeJson {
    nodeTreeJson
  }
`);
