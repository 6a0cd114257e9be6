import type { TreeNode } from "./types";

/**
 * A folder of a built tree. Its id, full path, parent's path and label follow from its parent, its place among the
 * parent's children and its name, so they are worked out when read instead of kept: at 500,000 containers the two
 * trees every web process caches have ~436,000 folders, and those strings were ~42 MB of each process's heap
 * (issue 13's web memory target, decision 022 §5b). Not a plain object: `plainNode` makes one (to spread or to send
 * through anything that copies own keys), and JSON.stringify writes what a plain node would (toJSON).
 */
export class FolderNode implements TreeNode {
  name: string;
  level: number;
  type: string;
  containerCount: number | undefined;
  children: TreeNode[] | undefined = undefined;
  // Declared so that every folder has one object shape: the nodes tree sets them after the build.
  count: number | undefined = undefined;
  entityId: string | undefined = undefined;
  readonly #parent: FolderNode | undefined;
  readonly #index: number;

  constructor(name: string, level: number, type: string, containerCount: number, parent: FolderNode | undefined, index: number) {
    this.name = name;
    this.level = level;
    this.type = type;
    this.containerCount = containerCount;
    this.#parent = parent;
    this.#index = index;
  }

  get id(): string {
    return this.#parent === undefined ? "0" : `${this.#parent.id}.${this.#index}`;
  }

  get label(): string {
    return this.name;
  }

  get fullPath(): string {
    return this.#parent === undefined ? this.name : `${this.#parent.fullPath}/${this.name}`;
  }

  get parentPath(): string | undefined {
    return this.#parent?.fullPath;
  }

  toJSON(): TreeNode {
    return plainNode(this);
  }
}

/** A node as a plain object, its keys in the order a built tree's JSON has always had them. */
export function plainNode(node: TreeNode): TreeNode {
  return {
    id: node.id,
    name: node.name,
    label: node.label,
    level: node.level,
    type: node.type,
    fullPath: node.fullPath,
    parentPath: node.parentPath,
    containerCount: node.containerCount,
    children: node.children,
    count: node.count,
    entityId: node.entityId,
  };
}
