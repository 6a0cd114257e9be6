import { describe, expect, it } from "vitest";
import { CONTAINER_ATTRIBUTE_KEYS, CLOUD_SERVICES, POD_OWNER_KINDS } from "~/engine/source-contract";
import { DEMO_SIZE_MAX, DEMO_SIZE_MIN, DemoOptionsError, clusterCount, generateDemoInventory, validateDemoOptions } from "./inventory";
import { cloudInstanceCount } from "./cloud";
import { POLICIES, TEAMS } from "./names";
import { hashHex64 } from "./random";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;
const inv2000 = generateDemoInventory({ seed: 42, size: 2000, now: NOW });

describe("generateDemoInventory: determinism", () => {
  it("gives a byte-identical inventory for the same seed, size and now", () => {
    const again = generateDemoInventory({ seed: 42, size: 2000, now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(inv2000));
  });

  it("gives a different fleet for a different seed", () => {
    const other = generateDemoInventory({ seed: 43, size: 2000, now: NOW });
    const ids = new Set(inv2000.containers.map((c) => c.id));
    const shared = other.containers.filter((c) => ids.has(c.id)).length;
    expect(shared / other.containers.length).toBeLessThan(0.5);
    expect(JSON.stringify(other.cloudInstances)).not.toBe(JSON.stringify(inv2000.cloudInstances));
  });

  it("derives each container id from its identity, and ids are unique", () => {
    for (const c of inv2000.containers.slice(0, 50)) {
      expect(c.id).toBe(hashHex64(`${c.cluster}/${c.namespace}/${c.pod_owner_kind}/${c.pod_owner_name}/${c.container_name}`));
    }
    expect(new Set(inv2000.containers.map((c) => c.id)).size).toBe(2000);
    expect(new Set(inv2000.nodes.map((n) => n.id)).size).toBe(inv2000.nodes.length);
    expect(new Set(inv2000.nodeGroups.map((g) => g.id)).size).toBe(inv2000.nodeGroups.length);
    expect(new Set(inv2000.cloudInstances.map((i) => i.id)).size).toBe(inv2000.cloudInstances.length);
  });
});

describe("generateDemoInventory: sizes", () => {
  it.each([200, 201, 2000, 9999])("writes exactly %i containers", (size) => {
    expect(generateDemoInventory({ seed: 1, size, now: NOW }).containers).toHaveLength(size);
  });

  it.each([
    [DEMO_SIZE_MIN - 1, /from 200 to 500000/],
    [DEMO_SIZE_MAX + 1, /from 200 to 500000/],
    [2000.5, /whole number/],
    [Number.NaN, /whole number/],
    ["2000", /whole number/],
  ])("rejects size %s with a clear error", (size, message) => {
    expect(() => generateDemoInventory({ seed: 1, size: size as number })).toThrow(DemoOptionsError);
    expect(() => generateDemoInventory({ seed: 1, size: size as number })).toThrow(message);
  });

  it.each([-1, 1.5, 2 ** 31])("rejects seed %s", (seed) => {
    expect(() => validateDemoOptions({ seed, size: 2000 })).toThrow(/seed must be a whole number from 0 to 2147483647/);
  });

  it("aligns now to 5 minutes, and defaults it to the current hour", () => {
    expect(validateDemoOptions({ seed: 1, size: 2000, now: NOW + 123_456 }).now).toBe(NOW);
    expect(validateDemoOptions({ seed: 1, size: 2000 }).now % 3_600_000).toBe(0);
  });

  it("grows the number of clusters with the fleet: 3 up to a few thousand, 40 at 150,000, 133 at 500,000", () => {
    expect(clusterCount(200)).toBe(3);
    expect(clusterCount(2000)).toBe(3);
    expect(clusterCount(40_000)).toBe(11);
    expect(clusterCount(150_000)).toBe(40);
    expect(clusterCount(500_000)).toBe(133);
  });

  // Its speed is a benchmark's (bench/analysis.bench.ts times collection), never a timed unit test.
  it("generates 150,000 containers exactly", () => {
    const big = generateDemoInventory({ seed: 7, size: 150_000, now: NOW });
    expect(big.containers).toHaveLength(150_000);
    expect(big.clusters).toHaveLength(40);
    expect(big.cloudInstances).toHaveLength(8000);
  });
});

describe("generateDemoInventory: clusters, node groups and nodes", () => {
  it("names clusters <env>-<eks|aks|gke>-<region>-NN with a matching provider", () => {
    const providers = { eks: "AWS", aks: "Azure", gke: "GCP" } as const;
    for (const c of inv2000.clusters) {
      const m = /^(prod|stage|dev)-(eks|aks|gke)-[a-z0-9]+-\d{2,3}$/.exec(c.name);
      expect(m, c.name).not.toBeNull();
      expect(c.provider).toBe(providers[m![2] as keyof typeof providers]);
    }
    expect(inv2000.clusters.map((c) => c.name)).toEqual(["prod-eks-use1-01", "stage-aks-weu-02", "dev-gke-usc1-03"]);
  });

  it("gives every cluster 2 to 6 node groups (besides a GPU group), with real instance types of its provider", () => {
    const big = generateDemoInventory({ seed: 5, size: 60_000, now: NOW });
    for (const inv of [inv2000, big]) {
      for (const cl of inv.clusters) {
        const groups = inv.nodeGroups.filter((g) => g.cluster === cl.name && g.name !== `${cl.name}-gpu`);
        expect(groups.length).toBeGreaterThanOrEqual(2);
        expect(groups.length).toBeLessThanOrEqual(6);
        for (const g of groups) {
          const pattern = cl.provider === "AWS" ? /^[a-z][a-z0-9]*\.\d?x?large$|^[a-z0-9]+\.\d+xlarge$/ : cl.provider === "Azure" ? /^Standard_/ : /^(e2|n1|n2|n2d|c2)-/;
          expect(g.instance_type).toMatch(pattern);
        }
      }
    }
    expect(big.nodeGroups.some((g) => g.name === `${g.cluster}-default`)).toBe(true);
  });

  it("has one node row per counted node, with allocatable below capacity", () => {
    for (const g of inv2000.nodeGroups) {
      const nodes = inv2000.nodes.filter((n) => n.cluster === g.cluster && n.node_group === g.name);
      expect(nodes).toHaveLength(g.node_count);
      for (const n of nodes) {
        expect(n.instance_type).toBe(g.instance_type);
        expect(n.cpu_allocatable).toBeLessThan(n.cpu_capacity);
        expect(n.mem_allocatable).toBeLessThan(n.mem_capacity);
        expect(n.pod_capacity).toBeGreaterThan(0);
      }
    }
    expect(new Set(inv2000.nodes.map((n) => n.name)).size).toBe(inv2000.nodes.length);
  });

  it("sizes node groups so that the containers' requests fit, with headroom", () => {
    for (const g of inv2000.nodeGroups) {
      const node = inv2000.nodes.find((n) => n.cluster === g.cluster && n.node_group === g.name)!;
      const cpu = inv2000.containers
        .filter((c) => c.cluster === g.cluster && c.node_group === g.name && c.pod_owner_kind !== "DaemonSet")
        .reduce((s, c) => s + (c.cpu_request ?? 0) * c.replicas, 0);
      expect(cpu).toBeLessThanOrEqual(node.cpu_allocatable * g.node_count);
    }
  });
});

describe("generateDemoInventory: containers", () => {
  const cs = inv2000.containers;

  it("has every pod owner kind, Deployments the most, even at the smallest size", () => {
    for (const inv of [inv2000, generateDemoInventory({ seed: 3, size: 200, now: NOW })]) {
      const kinds = new Map<string, number>();
      for (const c of inv.containers) kinds.set(c.pod_owner_kind, (kinds.get(c.pod_owner_kind) ?? 0) + 1);
      expect([...kinds.keys()].sort()).toEqual([...POD_OWNER_KINDS].sort());
      expect(Math.max(...kinds.values())).toBe(kinds.get("Deployment"));
    }
  });

  it("gives each pod owner 1 to 3 containers with distinct names, sidecars among them", () => {
    const owners = new Map<string, string[]>();
    for (const c of cs) {
      const key = `${c.cluster}/${c.namespace}/${c.pod_owner_kind}/${c.pod_owner_name}`;
      owners.set(key, [...(owners.get(key) ?? []), c.container_name]);
    }
    for (const names of owners.values()) {
      expect(names.length).toBeGreaterThanOrEqual(1);
      expect(names.length).toBeLessThanOrEqual(3);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(cs.some((c) => c.container_name === "istio-proxy")).toBe(true);
  });

  it("leaves about 8 % of containers without requests, and some with requests but no limits", () => {
    const noRequests = cs.filter((c) => c.cpu_request == null && c.mem_request == null).length / cs.length;
    expect(noRequests).toBeGreaterThan(0.04);
    expect(noRequests).toBeLessThan(0.12);
    expect(cs.filter((c) => c.cpu_request != null && c.cpu_limit == null).length).toBeGreaterThan(100);
    expect(cs.filter((c) => c.mem_request != null && c.mem_limit == null).length).toBeGreaterThan(20);
  });

  it("keeps requests at or below limits and never sets a limit without a request", () => {
    for (const c of cs) {
      if (c.cpu_limit != null) expect(c.cpu_request ?? -1).toBeLessThanOrEqual(c.cpu_limit);
      if (c.mem_limit != null) expect(c.mem_request ?? -1).toBeLessThanOrEqual(c.mem_limit);
      if (c.cpu_request == null) expect(c.cpu_limit).toBeNull();
      if (c.mem_request == null) expect(c.mem_limit).toBeNull();
    }
  });

  it("averages fractional replicas: some HPA-like Deployments, Jobs and CronJobs well under one", () => {
    expect(cs.some((c) => c.pod_owner_kind === "Deployment" && !Number.isInteger(c.replicas))).toBe(true);
    for (const c of cs.filter((c) => c.pod_owner_kind === "Job" || c.pod_owner_kind === "CronJob")) {
      expect(c.replicas).toBeGreaterThan(0);
      expect(c.replicas).toBeLessThanOrEqual(0.5);
    }
    const nodesOf = (cluster: string) => inv2000.nodes.filter((n) => n.cluster === cluster).length;
    for (const c of cs.filter((c) => c.pod_owner_kind === "DaemonSet")) {
      expect(c.replicas).toBeLessThanOrEqual(nodesOf(c.cluster));
      expect(c.replicas).toBeGreaterThan(nodesOf(c.cluster) * 0.9);
    }
  });

  it("places each container in one of its cluster's node groups", () => {
    const groups = new Set(inv2000.nodeGroups.map((g) => `${g.cluster}|${g.name}`));
    for (const c of cs) expect(groups.has(`${c.cluster}|${c.node_group}`)).toBe(true);
  });

  it("assigns policies by environment and namespace", () => {
    const policies = new Set(Object.values(POLICIES));
    for (const c of cs) expect(policies.has(c.policy as never)).toBe(true);
    expect(cs.find((c) => c.namespace === "kube-system")!.policy).toBe(POLICIES.system);
    const prodPayments = cs.find((c) => c.cluster.startsWith("prod-") && c.namespace === "payments");
    if (prodPayments) expect(prodPayments.policy).toBe(POLICIES.performance);
    expect(new Set(cs.map((c) => c.policy)).size).toBeGreaterThanOrEqual(3);
  });

  it("labels every container with business unit, team, environment (from its cluster) and technology", () => {
    const teams = new Set(Object.values(TEAMS).flat());
    for (const c of cs) {
      expect(Object.keys(c.attributes).sort()).toEqual([...CONTAINER_ATTRIBUTE_KEYS].sort());
      expect(["Retail", "Finance", "Platform", "Data", "Marketing"]).toContain(c.attributes.business_unit);
      expect(teams.has(c.attributes.team)).toBe(true);
      expect(c.attributes.environment).toBe(c.cluster.split("-")[0]);
      expect(c.attributes.technology).toMatch(/^[a-z-]+$/);
    }
    expect(cs.find((c) => c.container_name === "istio-proxy")!.attributes.technology).toBe("envoy");
    const techs = new Set(cs.map((c) => c.attributes.technology));
    for (const t of ["java", "go", "nodejs", "python", "redis", "postgres"]) expect(techs.has(t), t).toBe(true);
  });

  it("dates first and last seen as ISO-8601, a few containers new within the last days", () => {
    for (const c of cs) {
      expect(c.first_seen).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(c.first_seen)).toBeLessThanOrEqual(Date.parse(c.last_seen));
      expect(Date.parse(c.last_seen)).toBeLessThanOrEqual(NOW);
    }
    const recent = cs.filter((c) => Date.parse(c.first_seen) > NOW - 4 * DAY).length;
    expect(recent).toBeGreaterThan(20);
    expect(recent).toBeLessThan(300);
    expect(cs.filter((c) => c.pod_owner_kind === "Deployment").every((c) => c.last_seen === new Date(NOW).toISOString())).toBe(true);
  });
});

describe("generateDemoInventory: cloud instances", () => {
  it("scales with the fleet between 40 and 8,000", () => {
    expect(cloudInstanceCount(200)).toBe(40);
    expect(cloudInstanceCount(2000)).toBe(200);
    expect(cloudInstanceCount(150_000)).toBe(8000);
    expect(inv2000.cloudInstances).toHaveLength(200);
  });

  it("has every service even at the smallest size, with group names only on scale groups", () => {
    const small = generateDemoInventory({ seed: 9, size: 200, now: NOW });
    for (const inv of [small, inv2000]) {
      expect(new Set(inv.cloudInstances.map((i) => i.service))).toEqual(new Set(CLOUD_SERVICES));
      for (const i of inv.cloudInstances) {
        if (i.service === "ASG" || i.service === "VMSS") expect(i.group_name).toBeTruthy();
        else expect(i.group_name).toBeNull();
      }
    }
  });

  it("uses the providers' account id formats, regions, and priced instance types", () => {
    for (const i of inv2000.cloudInstances) {
      if (i.provider === "AWS") {
        expect(i.account_id).toMatch(/^\d{12}$/);
        expect(i.region).toMatch(/^[a-z]{2}-[a-z]+-\d$/);
      } else if (i.provider === "Azure") {
        expect(i.account_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(i.id.startsWith(`/subscriptions/${i.account_id}/`)).toBe(true);
      } else {
        expect(i.provider).toBe("GCP");
        expect(i.account_id).toMatch(/^[a-z0-9-]+-\d{6}$/);
        expect(i.id).toMatch(/^\d{19}$/);
      }
      expect(i.hourly_price).toBeGreaterThan(0);
      expect(i.vcpus).toBeGreaterThan(0);
      expect(i.memory_mb).toBeGreaterThan(0);
    }
    const ec2 = inv2000.cloudInstances.find((i) => i.service === "EC2" && i.region === "us-east-1" && i.instance_type === "m5.large");
    if (ec2) expect(ec2.hourly_price).toBe(0.096);
  });
});
