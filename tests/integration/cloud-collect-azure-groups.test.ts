/**
 * Azure collection of VM Scale Sets (their instances, autoscale setting and unsplit Monitor metrics) and of memory
 * (Available Memory Bytes) against the HTTPS stand-in on every store: the inventory as the cloud analysis reads it,
 * the analysis of the collected scale set with hand-checked figures, a VM without the memory metric kept apart
 * from 0 %, and a refused scale-set listing and a timed-out instance listing recorded as failed collections.
 */
import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { collectCloudConnection } from "~/analysis/cloud-connections.server";
import { insertConnection } from "~/models/cloud-connections.server";
import { cloudPhase, readCloudServices } from "~/analysis/cloud-phase";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { typeFacts } from "~/sources/cloud/config.server";
import { TEST_STORES } from "./stores";
import { azureScenario, startAzureStandIn, type AzureScenario } from "./stand-ins/azure";
import { useCloudStandIn } from "./stand-ins/suite";

const STEP = 300_000;
const NOW = Math.floor(Date.now() / STEP) * STEP;
const HOURS = 72;
const CREATED = new Date(NOW - HOURS * 3_600_000).toISOString();
const GIB = 1024 ** 3;
const SUB = "00000000-0000-0000-0000-00000000000a";

function scenarioOf(): AzureScenario {
  return azureScenario({
    historyHours: HOURS,
    scaleSets: [
      { subscription: SUB, name: "vmss-web", size: "Standard_D2s_v3", location: "eastus", capacity: 4, orchestration: "Uniform", created: CREATED, autoscale: { min: 2, max: 8, cpuAbove: 70 } },
      { subscription: SUB, name: "vmss-jobs", size: "Standard_D4s_v3", location: "eastus", capacity: 2, orchestration: "Uniform", created: CREATED },
    ],
    metricValue: (resource, metric, agg) => {
      if (resource.endsWith("/virtualMachineScaleSets/vmss-web")) {
        if (metric === "Percentage CPU") return agg === "maximum" ? 25 : 15;
        if (metric === "Available Memory Bytes") return 6 * GIB;
      }
      // prod-vm-1 reports no memory metric
      if (resource.endsWith("/virtualMachines/prod-vm-1") && metric === "Available Memory Bytes") return null;
      return undefined;
    },
  });
}

describe.each(TEST_STORES)("Azure scale sets and memory on $name", (testStore) => {
  const { scenario, open } = useCloudStandIn(testStore, { scenario: scenarioOf, start: startAzureStandIn, https: true, env: (url) => ({ KUBEX_AZURE_AUTHORITY_HOST: url, KUBEX_AZURE_ARM_ENDPOINT: url }), timeoutMs: 3000 });
  const save = (db: Kysely<Database>) =>
    insertConnection(db, {
      platform: "AZURE",
      name: "azure-prod",
      settings: { applicationId: scenario.clientId, tenantId: scenario.tenantId, subscriptions: [{ id: SUB, name: "Contoso Production" }] },
      credentials: { secretKey: scenario.secret },
      verifiedAt: new Date().toISOString(),
      user: "admin",
    });

  it("collects the scale sets with their instances and autoscale bounds, and the machines' memory", async () => {
    const db = await open();
    const id = await save(db);
    const outcome = await collectCloudConnection(id, db, NOW);
    expect(outcome.reason).toBeNull();
    // three VMs and two scale sets (their six instances belong to them)
    expect(outcome).toMatchObject({ ok: true, services: 5 });
    // vmss-web's four instances at two a page
    expect(scenario.calls.filter((c) => c.endsWith("/virtualMachineScaleSets/vmss-web/virtualMachines"))).toHaveLength(2);
    const services = await db.selectFrom("cloud_service").select(["name", "kind", "service"]).where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(services.map((s) => [s.name, s.kind, s.service])).toEqual([
      ["prod-vm-1", "instance", "VM"],
      ["prod-vm-2", "instance", "VM"],
      ["prod-vm-3", "instance", "VM"],
      ["vmss-jobs", "group", "VMSS"],
      ["vmss-web", "group", "VMSS"],
    ]);
    const web = await db.selectFrom("cloud_scale_group").selectAll().where("name", "=", "vmss-web").executeTakeFirstOrThrow();
    expect(web).toMatchObject({
      id: `conn:${id}:/subscriptions/${SUB}/resourcegroups/rg-vmss-web/providers/microsoft.compute/virtualmachinescalesets/vmss-web`,
      provider: "Azure",
      region: "eastus",
      account_id: SUB,
      account_name: "Contoso Production",
      service: "VMSS",
      instance_type: "Standard_D2s_v3",
      vcpus: 2,
      memory_mb: 8192,
      min_size: 2,
      max_size: 8,
      desired_size: 4,
      in_service: 4,
      scaling_mode: "dynamic",
      scaling_policy: "Autoscale: Percentage CPU > 70 adds 1",
      orchestration_mode: "Uniform",
      availability_zones: "1,2",
      memory_metrics: 1,
    });
    expect(await db.selectFrom("cloud_scale_group").select(["scaling_mode", "min_size", "max_size", "in_service"]).where("name", "=", "vmss-jobs").executeTakeFirstOrThrow()).toEqual({
      scaling_mode: "manual",
      min_size: 2,
      max_size: 2,
      in_service: 2,
    });
    const members = await db.selectFrom("cloud_instance").select(["name", "service", "group_name"]).where("group_id", "=", web.id).orderBy("name").execute();
    expect(members).toEqual([0, 1, 2, 3].map((k) => ({ name: `vmss-web_${k}`, service: "VMSS", group_name: "vmss-web" })));

    // memory: 100 × (1 − 6 GiB / 8 GiB) = 25 % for the scale set; prod-vm-1 without the metric has none (null, not 0)
    const mem = async (serviceId: string) => [...new Set((await db.selectFrom("cloud_connection_sample").select("mem_pct").where("instance_id", "=", serviceId).execute()).map((s) => s.mem_pct))];
    expect(await mem(web.id)).toEqual([25]);
    const vm1 = await db.selectFrom("cloud_instance").select(["id", "memory_metrics"]).where("name", "=", "prod-vm-1").executeTakeFirstOrThrow();
    expect(vm1.memory_metrics).toBe(0);
    expect(await mem(vm1.id)).toEqual([null]);
    expect(await db.selectFrom("cloud_instance").select("memory_metrics").where("name", "=", "prod-vm-2").executeTakeFirstOrThrow()).toEqual({ memory_metrics: 1 });
    // sizes: vmss-web's from its autoscale setting's ObservedCapacity, vmss-jobs' (no setting) its capacity
    expect(scenario.calls.filter((c) => c.includes("/autoscalesettings/vmss-web-autoscale/providers/Microsoft.Insights/metrics"))).toHaveLength(1);
    const sizes = await db.selectFrom("cloud_connection_group_size").selectAll().where("group_id", "=", web.id).execute();
    expect(sizes).toHaveLength(HOURS * 12 + 1);
    expect(new Set(sizes.map((s) => `${s.in_service}/${s.desired}/${s.min_size}/${s.max_size}`))).toEqual(new Set(["4/4/2/8"]));
    const jobs = await db.selectFrom("cloud_scale_group").select("id").where("name", "=", "vmss-jobs").executeTakeFirstOrThrow();
    const jobSizes = await db.selectFrom("cloud_connection_group_size").selectAll().where("group_id", "=", jobs.id).execute();
    expect(new Set(jobSizes.map((s) => `${s.in_service}/${s.desired}/${s.min_size}/${s.max_size}`))).toEqual(new Set(["2/2/2/2"]));
  });

  it("analyses the collected scale set: hand-checked Downscale", async () => {
    const db = await open();
    const id = await save(db);
    expect((await collectCloudConnection(id, db, NOW)).ok).toBe(true);
    await cloudPhase({ db, snapshotId: "s1", services: await readCloudServices(db), source: null, catalog: shippedCloudCatalog(), policy: CLOUD_DEFAULT_POLICY, nowMs: NOW, maxParams: 30_000 });
    const web = await db
      .selectFrom("cloud_analysis")
      .innerJoin("cloud_scale_group", "cloud_scale_group.id", "cloud_analysis.service_id")
      .selectAll("cloud_analysis")
      .where("cloud_scale_group.name", "=", "vmss-web")
      .where("snapshot_id", "=", "s1")
      .executeTakeFirstOrThrow();
    // 4 × Standard_D2s_v3 at 15 % CPU and 25 % memory: work 4 × 15 = 60 instance-% → max(60/80, 60/100) = 0.75
    // instances on CPU; memory 4 × 25 × 1.2 / 100 = 1.2 → 2 instances every hour. Uptime 100 % (three days since
    // creation). Cost = price × 730 × group size: $0.096 × 730 × 4 = $280.32 now, × 2 = $140.16.
    expect(typeFacts("Azure", "eastus", "Standard_D2s_v3").hourlyPrice).toBe(0.096);
    expect(web).toMatchObject({ recommendation: "Downscale", recommended_instance_type: "Standard_D2s_v3", memory_from_agent: 1, current_instances: 4, optimal_instances: 2, predicted_uptime_pct: 100 });
    expect(web.current_estimated_cost).toBeCloseTo(280.32, 2);
    expect(web.optimal_cost).toBeCloseTo(140.16, 2);
    expect(web.estimated_savings).toBeCloseTo(140.16, 2);
  });

  it("records a refused scale-set listing and a timed-out instance listing as failed collections, keeping the data", async () => {
    const db = await open();
    const id = await save(db);
    expect((await collectCloudConnection(id, db, NOW)).ok).toBe(true);
    scenario.refuseScaleSets = true;
    const refused = await collectCloudConnection(id, db, NOW);
    expect(refused.ok).toBe(false);
    expect(refused.reason).toMatch(/does not have authorization to perform action 'Microsoft.Compute\/virtualMachineScaleSets\/read'/);
    scenario.refuseScaleSets = false;
    scenario.delayMs = 6000;
    scenario.slowPath = "/virtualMachineScaleSets/vmss-web/virtualMachines";
    const slow = await collectCloudConnection(id, db, NOW);
    expect(slow.ok).toBe(false);
    expect(slow.reason).toMatch(/abort|time/i);
    expect(await db.selectFrom("cloud_service").select("id").where("id", "like", `conn:${id}:%`).execute()).toHaveLength(5);
  });
});
