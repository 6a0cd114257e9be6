import { describe, expect, it } from "vitest";
import { architectureOf, windowsHourly } from "./catalog";
import { cloudInstanceCount } from "./cloud";
import { DEMO_CLOUD_SIZE_MAX, DEMO_CLOUD_SIZE_MIN, DemoOptionsError, generateDemoFleet, generateDemoInventory, validateDemoOptions } from "./inventory";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0); // a Wednesday
const DAY = 86_400_000;
const fleet = generateDemoFleet({ seed: 42, size: 2000, now: NOW });
const inv = fleet.inventory;
const standalone = inv.cloudInstances.filter((i) => i.group_id === null);
const members = inv.cloudInstances.filter((i) => i.group_id !== null);

describe("demo cloud estate: size", () => {
  it("has size / 10 instances by default, or exactly the cloud size asked for", () => {
    expect(inv.cloudInstances).toHaveLength(cloudInstanceCount(2000));
    for (const cloudSize of [DEMO_CLOUD_SIZE_MIN, 333, 5000]) {
      expect(generateDemoInventory({ seed: 3, size: 200, now: NOW, cloudSize }).cloudInstances).toHaveLength(cloudSize);
    }
    expect(validateDemoOptions({ seed: 1, size: 2000 }).cloudSize).toBe(200);
    expect(validateDemoOptions({ seed: 1, size: 2000, cloudSize: 20_000 }).cloudSize).toBe(20_000);
  });

  it.each([DEMO_CLOUD_SIZE_MIN - 1, DEMO_CLOUD_SIZE_MAX + 1, 100.5, Number.NaN, "500"])("rejects cloud size %s with a clear error", (cloudSize) => {
    expect(() => validateDemoOptions({ seed: 1, size: 2000, cloudSize })).toThrow(DemoOptionsError);
    expect(() => validateDemoOptions({ seed: 1, size: 2000, cloudSize })).toThrow(
      `cloud size must be a whole number of cloud instances from ${DEMO_CLOUD_SIZE_MIN} to ${DEMO_CLOUD_SIZE_MAX}`,
    );
  });

  it("is the same for the same seed, and another for another seed", () => {
    const again = generateDemoFleet({ seed: 42, size: 2000, now: NOW });
    expect(JSON.stringify(again.inventory.cloudInstances)).toBe(JSON.stringify(inv.cloudInstances));
    expect(JSON.stringify(again.inventory.cloudGroups)).toBe(JSON.stringify(inv.cloudGroups));
    expect([...again.cloud.stories]).toEqual([...fleet.cloud.stories]);
    const other = generateDemoInventory({ seed: 43, size: 2000, now: NOW });
    expect(JSON.stringify(other.cloudGroups)).not.toBe(JSON.stringify(inv.cloudGroups));
  });
});

describe("demo cloud estate: instance facts", () => {
  it("fills every fact of every instance, in the providers' formats", () => {
    for (const i of inv.cloudInstances) {
      expect(["Linux", "Windows"]).toContain(i.os);
      expect(Date.parse(i.created_at!)).toBeLessThan(NOW);
      expect(["running", "stopped"]).toContain(i.power_state);
      expect(["on-demand", "spot", "reserved"]).toContain(i.life_cycle);
      expect(i.memory_metrics === 0 || i.memory_metrics === 1).toBe(true);
      expect(i.private_ip).toMatch(/^(10|172)\.\d+\.\d+\.\d+$/);
      if (i.provider === "AWS") expect(i.availability_zone).toBe(`${i.region}${i.availability_zone!.slice(-1)}`);
      if (i.provider === "GCP") expect(i.availability_zone).toMatch(new RegExp(`^${i.region}-[abc]$`));
      if (i.provider === "Azure" && i.availability_zone !== null) expect(i.availability_zone).toMatch(/^[123]$/);
      if (i.service === "RDS") expect(i.instance_type).toMatch(/^db\./);
    }
    // Distinct addresses within an account's network.
    const byAccount = new Set(inv.cloudInstances.map((i) => `${i.account_id}/${i.region}/${i.private_ip}`));
    expect(byAccount.size).toBe(inv.cloudInstances.length);
  });

  it("runs Windows only on x86 types with a Windows price, priced with the licence, mostly on Azure VMs", () => {
    const windows = inv.cloudInstances.filter((i) => i.os === "Windows");
    expect(windows.length).toBeGreaterThan(10);
    for (const i of windows) {
      expect(architectureOf(i.instance_type)).toBe("x86_64");
      expect(windowsHourly(i.instance_type)).not.toBeNull();
    }
    const vms = standalone.filter((i) => i.service === "VM");
    expect(vms.filter((i) => i.os === "Windows").length / vms.length).toBeGreaterThan(0.25);
    expect(standalone.some((i) => i.service === "EC2" && i.os === "Windows")).toBe(true);
    const win = windows.find((i) => i.instance_type === "m5.large" && i.region === "us-east-1");
    if (win) expect(win.hourly_price).toBe(0.188);
  });

  it("has arm64 types on every provider", () => {
    const arm = inv.cloudInstances.filter((i) => architectureOf(i.instance_type) === "arm64");
    expect(new Set(arm.map((i) => i.provider))).toEqual(new Set(["AWS", "Azure", "GCP"]));
    for (const i of arm) expect(i.instance_type).toMatch(/^(db\.)?(m6g|m7g|t4g|c7g|r6g)\.|^Standard_D\d+ps_v5$|^t2a-/);
  });

  it("stops development instances outside office hours, and has reservations with coverage and expiry", () => {
    const stopped = standalone.filter((i) => i.power_state === "stopped");
    expect(stopped.length).toBeGreaterThan(0);
    for (const i of stopped) expect(i.account_name).toMatch(/dev|sandbox|test|research/i);
    const reserved = inv.cloudInstances.filter((i) => i.life_cycle === "reserved");
    expect(reserved.length).toBeGreaterThan(0);
    for (const i of reserved) {
      expect(i.ri_coverage).toBe(100);
      expect(Date.parse(i.ri_expiry!)).toBeGreaterThan(NOW);
    }
    for (const i of inv.cloudInstances.filter((i) => i.life_cycle !== "reserved")) expect([i.ri_coverage, i.ri_expiry]).toEqual([null, null]);
    expect(inv.cloudInstances.some((i) => i.life_cycle === "spot")).toBe(true);
  });

  it("records type changes: relearning services 1 to 3 days ago, others long ago, always after creation", () => {
    const changed = inv.cloudInstances.filter((i) => i.previous_instance_type !== null);
    const ages = changed.map((i) => (NOW - Date.parse(i.instance_type_changed_at!)) / DAY);
    expect(ages.filter((a) => a >= 1 && a <= 3).length).toBeGreaterThan(2);
    expect(ages.filter((a) => a >= 45 && a <= 400).length).toBeGreaterThan(2);
    for (const i of changed) {
      expect(i.previous_instance_type).not.toBe(i.instance_type);
      expect(Date.parse(i.instance_type_changed_at!)).toBeGreaterThanOrEqual(Date.parse(i.created_at!));
    }
    for (const [id, story] of fleet.cloud.stories) {
      if (story !== "relearning" || fleet.cloud.shapes.has(id)) continue;
      const i = standalone.find((x) => x.id === id)!;
      expect((NOW - Date.parse(i.instance_type_changed_at!)) / DAY).toBeGreaterThanOrEqual(1);
      expect((NOW - Date.parse(i.instance_type_changed_at!)) / DAY).toBeLessThanOrEqual(3);
    }
  });

  it("leaves memory unmonitored on a share of EC2 instances only (agents), never on Azure or RDS", () => {
    const ec2 = standalone.filter((i) => i.service === "EC2");
    const share = ec2.filter((i) => i.memory_metrics === 0).length / ec2.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.7);
    for (const i of inv.cloudInstances.filter((i) => i.service === "RDS" || i.provider === "Azure")) expect(i.memory_metrics).toBe(1);
  });
});

describe("demo cloud estate: scale groups", () => {
  it("lists each group's in-service members, with its id, name, type and OS", () => {
    const ids = new Set(inv.cloudGroups.map((g) => g.id));
    expect(ids.size).toBe(inv.cloudGroups.length);
    for (const i of members) expect(ids.has(i.group_id!)).toBe(true);
    for (const g of inv.cloudGroups) {
      const mine = members.filter((i) => i.group_id === g.id);
      expect(mine, g.name).toHaveLength(g.in_service);
      for (const i of mine) {
        expect([i.group_name, i.instance_type, i.os, i.service, i.region, i.account_id]).toEqual([g.name, g.instance_type, g.os, g.service, g.region, g.account_id]);
        expect(Date.parse(i.created_at!)).toBeGreaterThanOrEqual(Date.parse(g.created_at));
      }
      expect(g.in_service).toBeLessThanOrEqual(g.desired_size);
      if (g.max_size > 0) expect(g.desired_size).toBeGreaterThanOrEqual(g.min_size);
      expect(g.desired_size).toBeLessThanOrEqual(g.max_size);
    }
  });

  it("names ASGs by ARN and scale sets by resource id, with modes and policies", () => {
    for (const g of inv.cloudGroups) {
      if (g.service === "ASG") {
        expect(g.id).toMatch(/^arn:aws:autoscaling:[a-z0-9-]+:\d{12}:autoScalingGroup:[0-9a-f-]{36}:autoScalingGroupName\//);
        expect(g.orchestration_mode).toBeNull();
      } else {
        expect(g.service).toBe("VMSS");
        expect(g.id).toMatch(/^\/subscriptions\/[0-9a-f-]{36}\/resourceGroups\/[^/]+\/providers\/Microsoft.Compute\/virtualMachineScaleSets\//);
        expect(["Uniform", "Flexible"]).toContain(g.orchestration_mode);
      }
      expect(["dynamic", "scheduled", "manual"]).toContain(g.scaling_mode);
      expect(g.scaling_policy === null).toBe(g.scaling_mode === "manual");
      expect(g.availability_zones.split(",")).toHaveLength(3);
    }
    const big = generateDemoInventory({ seed: 42, size: 2000, now: NOW, cloudSize: 3000 });
    expect(new Set(big.cloudGroups.map((g) => g.orchestration_mode))).toEqual(new Set([null, "Uniform", "Flexible"]));
    expect(new Set(big.cloudGroups.map((g) => g.scaling_mode))).toEqual(new Set(["dynamic", "scheduled", "manual"]));
  });

  it("ties a few groups to the fleet's EKS and AKS node groups, one member per node with the node's name and address", () => {
    const k8s = inv.cloudGroups.filter((g) => g.k8s_cluster_platform !== null);
    expect(new Set(k8s.map((g) => g.k8s_cluster_platform))).toEqual(new Set(["EKS", "AKS"]));
    expect(k8s.reduce((s, g) => s + g.in_service, 0)).toBeLessThanOrEqual(inv.cloudInstances.length * 0.05);
    for (const g of k8s) {
      const ng = inv.nodeGroups.find((n) => n.cluster === g.k8s_cluster && n.name === g.k8s_node_group)!;
      expect(ng).toBeDefined();
      expect([g.instance_type, g.in_service, g.scaling_policy]).toEqual([ng.instance_type, ng.node_count, "Kubernetes Cluster Autoscaler"]);
      expect(g.service).toBe(g.k8s_cluster_platform === "EKS" ? "ASG" : "VMSS");
      const nodes = inv.nodes.filter((n) => n.cluster === ng.cluster && n.node_group === ng.name);
      const mine = members.filter((i) => i.group_id === g.id);
      expect(mine.map((i) => i.name).sort()).toEqual(nodes.map((n) => n.name).sort());
      for (const i of mine) {
        if (g.k8s_cluster_platform === "EKS") expect(i.name.startsWith(`ip-${i.private_ip!.replaceAll(".", "-")}`)).toBe(true);
        expect(fleet.cloud.nodeOf.get(i.id)).toBe(nodes.find((n) => n.name === i.name)!.id);
      }
    }
    for (const g of inv.cloudGroups.filter((g) => g.k8s_cluster_platform === null)) expect([g.k8s_cluster, g.k8s_node_group]).toEqual([null, null]);
  });

  it("covers part of a reserved group (its minimum) and none of a spot group", () => {
    const big = generateDemoInventory({ seed: 42, size: 2000, now: NOW, cloudSize: 3000 });
    const reserved = big.cloudGroups.filter((g) => g.life_cycle === "reserved");
    expect(reserved.length).toBeGreaterThan(0);
    for (const g of reserved) {
      const mine = big.cloudInstances.filter((i) => i.group_id === g.id);
      const covered = mine.filter((i) => i.life_cycle === "reserved").length;
      expect(g.ri_coverage).toBe(g.in_service ? Math.round((100 * covered) / g.in_service) : 0);
    }
    for (const g of big.cloudGroups.filter((g) => g.life_cycle === "spot")) {
      expect(big.cloudInstances.filter((i) => i.group_id === g.id).every((i) => i.life_cycle === "spot")).toBe(true);
    }
  });
});
