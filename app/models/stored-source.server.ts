/**
 * The metrics source behind the stored inventory, for the screens that read raw history of one entity (node and
 * cloud charts, the metric viewers): the demo fleet that produced the latest collection, made once per process and
 * collection (it regenerates its inventory on first use) and shared by every reader.
 */
import type { Store } from "~/db/connect.server";
import { storedDemoSource } from "~/sources/collect.server";
import type { DemoSource } from "~/sources/demo/source";

let cached: { key: string; source: DemoSource } | undefined;

export async function storedSource(store: Store): Promise<DemoSource | null> {
  const source = await storedDemoSource(store);
  if (!source) return null;
  const key = `${source.seed}/${source.size}/${source.cloudSize}/${source.now}`;
  if (cached?.key !== key) cached = { key, source };
  return cached.source;
}
