/**
 * Benchmark of a policy change (issue 15 must-show 2): the demo fleet (default 2,000 containers, seed 42) collected
 * and analysed on a throwaway SQLite database, then changes that touch a known number of containers, each
 * re-analysed with onlyPolicyChanges (what the Policies screen starts after a save) and timed; a full analysis
 * is timed for comparison. Prints a Markdown table.
 *
 * Run: npx tsx bench/policies.bench.ts [--size 2000] [--seed 42]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate, openStore } from "~/db/connect.server";
import { runDemoCollection } from "~/sources/collect.server";
import { runAnalysis } from "~/analysis/run.server";
import { reanalyseChangedPolicies } from "~/analysis/policy-reanalysis.server";
import { assignPolicy, listPolicies, updatePolicy } from "~/models/policies.server";
import { seedDemoUsers, getUserByName } from "~/models/users.server";
import { seedTreeviewDefaults } from "~/models/views.server";
import { SEED_IDS } from "~/models/treeview-common.server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const size = arg("--size", 2000);
const seed = arg("--seed", 42);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-policies-bench-"));
const store = openStore({ databaseUrl: "", sqliteFile: path.join(dir, "bench.db") });
try {
  await migrate(store);
  await seedDemoUsers(store.db);
  await seedTreeviewDefaults(store.db);
  const admin = await getUserByName(store.db, "admin");
  if (!admin) throw new Error("no admin user");
  await runDemoCollection(store, { seed, size });
  const full = await runAnalysis(store);
  const rows: string[] = ["| change | containers analysed again | of | ms |", "|---|---:|---:|---:|", `| full analysis (for comparison) | ${full.containerCount} | ${full.containerCount} | ${full.ms} |`];
  const time = async (label: string, change: () => Promise<unknown>) => {
    await change();
    const r = await reanalyseChangedPolicies(store);
    if (!r) throw new Error("nothing was analysed");
    rows.push(`| ${label} | ${r.reanalysedCount} | ${r.containerCount} | ${r.ms} | ${JSON.stringify(r.phaseMs)} |`);
  };
  const policies = await listPolicies(store.db);
  const system = policies.find((p) => p.isSystem)!;
  const cost = policies.find((p) => p.name === "Cost Saver")!;
  // The whole fleet under one policy: every container whose policy was another one runs again.
  await time("Cost Saver assigned to the whole Cluster View", () => assignPolicy(store.db, admin, { policyId: cost.id, viewId: SEED_IDS.clusterView, path: [] }));
  await time("Cost Saver edited (CPU percentile 95 → 90): every container", () =>
    updatePolicy(store.db, admin, cost.id, { name: cost.name, description: cost.description, values: { ...cost.values, cpuAnalysisMetric: "Percentile", cpuPercentile: 90 } }));
  await time("System Default edited (follows nobody now): none", () =>
    updatePolicy(store.db, admin, system.id, { name: system.name, description: system.description, values: { ...system.values, cpuPercentile: 96 } }));
  console.log(`Policy change benchmark: demo fleet ${size} containers, seed ${seed}, SQLite, ${os.availableParallelism()} cores (shared)\n`);
  console.log(rows.join("\n"));
} finally {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
