/**
 * What-if (issue 15, must-show 3 and its part of 4): a folder's figures under another policy must equal, to the
 * cent, a full analysis run in which the folder's containers carry that policy (runAnalysis's policyOverride),
 * for a named policy and for an edited copy, in-process and on worker threads, and over GraphQL; on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policyWhatIf, WhatIfRefused } from "~/analysis/what-if.server";
import { runAnalysis } from "~/analysis/run.server";
import { getStore } from "~/db/db.server";
import type { Store } from "~/db/connect.server";
import { COST_SAVER_POLICY, PERFORMANCE_FIRST_POLICY, validatePolicyValues, type Policy, type PolicyValues } from "~/engine/policy";
import { resolveFolderScope } from "~/models/trees.server";
import { clearAnalysisCache } from "~/models/snapshot-reads.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { folderContainers, readFolderContainers, todayFigures } from "~/models/what-if.server";
import { runDemoCollection } from "~/sources/collect.server";
import { NOW } from "./hand-made-fleet";
import { startApi, type Api } from "./graphql-harness";
import { TEST_STORES } from "./stores";

const EDITED: Policy = (() => {
  const checked = validatePolicyValues({ ...PERFORMANCE_FIRST_POLICY.values, cpuRequestHeadroom: 35, memoryLimitFactor: 1.3, excludedHours: [2, 3] });
  if (!checked.ok) throw new Error("bad test policy");
  return { id: "edited", name: "Performance First (edited, unsaved)", description: "", values: checked.values as PolicyValues };
})();

describe.each(TEST_STORES)("what-if on $name", (testStore) => {
  let api: Api;
  let store: Store;
  let cluster: string;
  const scope = () => resolveFolderScope(api.db, api.analyst.user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: cluster });

  beforeAll(async () => {
    api = await startApi(testStore);
    store = await getStore();
    await runDemoCollection(store, { seed: 7, size: 400, now: NOW, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
    const root = await resolveFolderScope(api.db, api.analyst.user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" });
    // The biggest cluster that is not the whole fleet.
    cluster = [...(root.folder.children ?? [])].sort((a, b) => (b.containerCount ?? 0) - (a.containerCount ?? 0))[0].name;
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ["a named policy", COST_SAVER_POLICY],
    ["an edited copy", EDITED],
  ])("equals, to the cent, a full analysis with %s saved for the folder's containers", async (_label, policy) => {
    const folder = await scope();
    const before = await todayFigures(api.db, folder);
    const whatIf = await policyWhatIf(store, folder, policy, { workers: 0 });
    expect(whatIf.figures.containers).toBe(folder.folder.containerCount);
    expect(whatIf.figures.containers).toBeLessThan(400);
    // The policy changes something, so equality below is not today's figures twice.
    expect(whatIf.figures.waterfall.cents.optimalSpend).not.toBe(before.waterfall.cents.optimalSpend);

    const ids = (await folderContainers(api.db, folder, 10_000)).items.map((i) => i.container.id);
    const previous = await runAnalysis(store, { workers: 0, policyOverride: { containerIds: ids, policy } });
    try {
      clearAnalysisCache(api.db);
      const saved = await todayFigures(api.db, await scope());
      expect(whatIf.figures).toEqual(saved);
      const rows = await api.db.selectFrom("container_analysis").select(["policy_name"]).where("snapshot_id", "=", previous.snapshotId).where("container_id", "in", ids).execute();
      expect(new Set(rows.map((r) => r.policy_name))).toEqual(new Set([policy.name]));
    } finally {
      // Back to every container's own policy for the next test.
      await runAnalysis(store, { workers: 0 });
      clearAnalysisCache(api.db);
    }
    expect(await todayFigures(api.db, await scope())).toEqual(before);
  }, 120_000);

  it("gives the same figures on worker threads", async () => {
    const folder = await scope();
    const inProcess = await policyWhatIf(store, folder, COST_SAVER_POLICY, { workers: 0 });
    const threaded = await policyWhatIf(store, folder, COST_SAVER_POLICY, { workers: 2 });
    expect(threaded.workers).toBe(2);
    expect(threaded.figures).toEqual(inProcess.figures);
    // The threads start on the first page while the rest is read: pages of 7 containers, chunks still arriving.
    const paged = await policyWhatIf(store, folder, COST_SAVER_POLICY, { workers: 2, pageSize: 7 });
    expect(paged.figures).toEqual(inProcess.figures);
  }, 120_000);

  it("reads a folder's containers a page at a time, in id order, each once", async () => {
    const folder = await scope();
    const whole = (await folderContainers(api.db, folder, 10_000)).items.map((i) => i.container.id);
    const pages: string[][] = [];
    const total = await readFolderContainers(api.db, folder, 10_000, { pageSize: 7, onPage: (items) => void pages.push(items.map((i) => i.container.id)) });
    expect(total).toBe(whole.length);
    expect(pages.flat()).toEqual(whole);
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true);
    // Over the limit, or refused by onTotal: counted, nothing read.
    const none: unknown[] = [];
    expect(await readFolderContainers(api.db, folder, whole.length - 1, { onPage: (items) => void none.push(...items) })).toBe(whole.length);
    expect(await readFolderContainers(api.db, folder, 10_000, { onTotal: () => false, onPage: (items) => void none.push(...items) })).toBe(whole.length);
    expect(none).toEqual([]);
  });

  it("refuses a folder over the bound instead of running it", async () => {
    await expect(policyWhatIf(store, await scope(), COST_SAVER_POLICY, { maxContainers: 10 })).rejects.toThrow(WhatIfRefused);
  });

  it("answers the same figures over GraphQL, and one message per bad value", async () => {
    const q = `query ($path: String!, $name: String!, $values: [PolicyParameterValueInput!]) {
      getPolicyWhatIf(viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}", treeviewPath: $path, policyName: $name, values: $values) {
        policyName windowEnd
        today { containers analysed monthlyWaste netSavings atRisk waterfall { currentSpend optimalSpend } }
        whatIf { containers analysed monthlyWaste netSavings atRisk cpuThrottled memoryProcessTermination waterfall { currentSpend immediateSavings riskRemoval additionalWaste optimalSpend } }
        lines { key today whatIf difference percent }
      } }`;
    const folder = await scope();
    const expected = (await policyWhatIf(store, folder, EDITED, { workers: 0 })).figures;
    const values = [
      { id: "cpuRequestHeadroom", value: "35" },
      { id: "memoryLimitFactor", value: "1.3" },
      { id: "excludedHours", value: "[3, 2]" },
    ];
    const answer = (await api.data(api.analyst, q, { path: cluster, name: "performance first", values }, "containers")).getPolicyWhatIf;
    expect(answer.policyName).toBe("Performance First (edited, unsaved)");
    expect(answer.windowEnd).toBe(new Date(NOW).toISOString());
    expect(answer.whatIf).toEqual({
      containers: expected.containers,
      analysed: expected.analysed,
      monthlyWaste: expected.monthlyWaste,
      netSavings: expected.netSavings,
      atRisk: expected.risks.atRisk,
      cpuThrottled: expected.risks.cpuThrottled,
      memoryProcessTermination: expected.risks.memoryProcessTermination,
      waterfall: {
        currentSpend: expected.waterfall.currentSpend,
        immediateSavings: expected.waterfall.immediateSavings,
        riskRemoval: expected.waterfall.riskRemoval,
        additionalWaste: expected.waterfall.additionalWaste,
        optimalSpend: expected.waterfall.optimalSpend,
      },
    });
    const optimal = answer.lines.find((l: { key: string }) => l.key === "optimalSpend");
    expect(optimal.difference).toBe(Math.round((answer.whatIf.waterfall.optimalSpend - answer.today.waterfall.optimalSpend) * 100) / 100);

    const bad = await api.error(api.analyst, q, {
      path: cluster,
      name: "Cost Saver",
      values: [
        { id: "cpuRequestHeadroom", value: "250" },
        { id: "excludedHours", value: "[25]" },
      ],
    });
    expect(bad).toBe(
      "Validation Error: Excluded Hours must be hours of day from 0 to 23 (got 25). CPU Request Headroom must be a number from 0 to 200 % (got 250).",
    );
    expect(await api.error(api.analyst, q, { path: cluster, name: "Nope" })).toBe('Validation Error: There is no policy named "Nope".');
  }, 120_000);
});
