/**
 * The folder list's JSON (getFolderListJson) written a part at a time: JSON.stringify of a 150,000-container tree
 * (~25 MB) holds the thread ~0.3 s, and escaping that again as a string literal for the API another ~0.3 s. These
 * steps (lib/yielding.ts) write the same text in parts of about JSON_PART_NODES nodes, yielding between them.
 *
 * The text is JSON.stringify's: every own enumerable key in order, undefined values left out, `children` (an
 * array of nodes) written node by node, every other value by JSON.stringify itself; small subtrees are written
 * whole by JSON.stringify.
 */
import type { Steps } from "~/lib/yielding";
import type { TreeNode } from "./types";
import { FolderNode, plainNode } from "./folder-node";

/** Nodes per part (and per step), about: ~100 kB of JSON. */
export const JSON_PART_NODES = 1_000;

interface Frame {
  node: Record<string, unknown>;
  keys: string[];
  next: number;
  wrote: boolean;
  /** Set while the node's children array is being written. */
  kids: readonly unknown[] | null;
  kid: number;
}

/**
 * A node JSON.stringify writes whole, at native speed: one without child folders below its children (a folder of
 * pod owners, a leaf), and not too many of them. Only the wide top of a tree is walked here.
 */
function smallNode(node: object): number | undefined {
  const kids = (node as { children?: unknown }).children;
  if (kids === undefined) return 1;
  if (!Array.isArray(kids) || kids.length > JSON_PART_NODES) return undefined;
  for (const k of kids) if (!isNode(k) || (k as { children?: unknown }).children !== undefined) return undefined;
  return 1 + kids.length;
}

const frameOf = (node: object): Frame => {
  // A built tree's folder keeps its id and paths as getters (build-tree.ts): its own keys are not its JSON's.
  const plain = node instanceof FolderNode ? plainNode(node) : node;
  return { node: plain as Record<string, unknown>, keys: Object.keys(plain), next: 0, wrote: false, kids: null, kid: 0 };
};
const isNode = (v: unknown): v is object =>
  v instanceof FolderNode || (typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== "function");

/** JSON.stringify(tree) as parts whose concatenation is exactly that text. */
export function* treeJsonParts(tree: TreeNode): Steps<string[]> {
  const parts: string[] = [];
  let buf = "{";
  let nodes = 0;
  const stack: Frame[] = [frameOf(tree)];
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.kids) {
      if (f.kid < f.kids.length) {
        const kid = f.kids[f.kid];
        if (f.kid++ > 0) buf += ",";
        const whole = isNode(kid) ? smallNode(kid) : 1;
        if (whole === undefined && isNode(kid)) {
          buf += "{";
          stack.push(frameOf(kid));
          continue;
        }
        buf += JSON.stringify(kid) ?? "null";
        nodes += whole ?? 1;
        if (nodes >= JSON_PART_NODES) {
          nodes = 0;
          parts.push(buf);
          buf = "";
          yield;
        }
        continue;
      }
      buf += "]";
      f.kids = null;
      continue;
    }
    if (f.next < f.keys.length) {
      const key = f.keys[f.next++];
      const value = f.node[key];
      if (key === "children" && Array.isArray(value)) {
        buf += `${f.wrote ? "," : ""}${JSON.stringify(key)}:[`;
        f.wrote = true;
        f.kids = value;
        f.kid = 0;
        continue;
      }
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) continue;
      buf += `${f.wrote ? "," : ""}${JSON.stringify(key)}:${text}`;
      f.wrote = true;
      continue;
    }
    buf += "}";
    stack.pop();
    if (++nodes >= JSON_PART_NODES) {
      nodes = 0;
      parts.push(buf);
      buf = "";
      yield;
    }
  }
  parts.push(buf);
  return parts;
}

/**
 * JSON.stringify(parts.join("")) — the text as a JSON string literal — as UTF-8 buffers, a part per step. Each
 * part is escaped on its own: JSON escapes character by character, and a part never ends inside a surrogate pair
 * (a part ends after a node's "}"), so the pieces join to the same literal.
 */
export function* jsonLiteralBuffers(parts: readonly string[]): Steps<Buffer[]> {
  const out: Buffer[] = [Buffer.from('"', "utf8")];
  for (const part of parts) {
    out.push(Buffer.from(JSON.stringify(part).slice(1, -1), "utf8"));
    yield;
  }
  out.push(Buffer.from('"', "utf8"));
  return out;
}
