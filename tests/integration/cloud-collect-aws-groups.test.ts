/**
 * AWS collection of Auto Scaling groups, RDS instances and the CloudWatch agent's memory against the loopback
 * stand-in (Auto Scaling and RDS query XML, CloudWatch JSON) on every store: the paged inventory as the cloud
 * analysis reads it, the analysis of the collected groups and databases with hand-checked figures, memory "not
 * collected" kept apart from zero, a refused DescribeDBInstances and a timed-out DescribeAutoScalingGroups.
 */
import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { collectCloudConnection } from "~/analysis/cloud-connections.server";
import { deleteConnections, insertConnection } from "~/models/cloud-connections.server";
import { cloudPhase, readCloudServices } from "~/analysis/cloud-phase";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { typeFacts } from "~/sources/cloud/config.server";
import { TEST_STORES } from "./stores";
import { awsScenario, startAwsStandIn, type AwsScenario } from "./stand-ins/aws";
import { useCloudStandIn } from "./stand-ins/suite";

const STEP = 300_000;
const NOW = Math.floor(Date.now() / STEP) * STEP;
/** Three days of history (the policy analyses from two), starting when the groups and databases were created. */
const HOURS = 72;
const CREATED = new Date(NOW - HOURS * 3_600_000).toISOString();
const GIB = 1024 ** 3;

function scenarioOf(): AwsScenario {
  return awsScenario({
    historyHours: HOURS,
    instances: [
      { id: "i-0ccc000000000001", type: "m5.xlarge", region: "us-east-1", zone: "us-east-1a", name: "app-1" },
      { id: "i-0ccc000000000002", type: "m5.xlarge", region: "us-east-1", zone: "us-east-1b", name: "app-2" },
      { id: "i-0ddd000000000011", type: "m5.large", region: "us-east-1", zone: "us-east-1a", name: "web-asg-1" },
      { id: "i-0ddd000000000012", type: "m5.large", region: "us-east-1", zone: "us-east-1b", name: "web-asg-2" },
      { id: "i-0ddd000000000013", type: "m5.large", region: "us-east-1", zone: "us-east-1c", name: "web-asg-3" },
      { id: "i-0ddd000000000021", type: "c5.large", region: "us-east-1", zone: "us-east-1a", name: "batch-asg-1" },
    ],
    groups: [
      {
        name: "web-asg",
        region: "us-east-1",
        members: ["i-0ddd000000000011", "i-0ddd000000000012", "i-0ddd000000000013"],
        min: 2,
        max: 6,
        desired: 3,
        zones: ["us-east-1a", "us-east-1b", "us-east-1c"],
        created: CREATED,
        cpuTarget: 50,
        sizeMetrics: true,
      },
      {
        name: "batch-asg",
        region: "us-east-1",
        members: ["i-0ddd000000000021"],
        min: 1,
        max: 1,
        desired: 1,
        zones: ["us-east-1a"],
        created: CREATED,
        sizeMetrics: false,
        scheduled: [
          { name: "night-on", recurrence: "0 22 * * *", desired: 1 },
          { name: "day-off", recurrence: "0 6 * * *", desired: 0 },
        ],
      },
      { name: "spare-asg", region: "us-east-1", members: [], min: 0, max: 2, desired: 0, zones: ["us-east-1a"], created: CREATED, sizeMetrics: false },
    ],
    databases: [
      { identifier: "orders-db", resourceId: "db-ORDERS0000000000000000001", dbClass: "db.m5.xlarge", region: "us-east-1", zone: "us-east-1a", engine: "postgres", created: CREATED },
      { identifier: "audit-db", resourceId: "db-AUDIT00000000000000000002", dbClass: "db.m5.large", region: "us-east-1", zone: "us-east-1b", engine: "mysql", created: CREATED },
    ],
    agentInstances: ["i-0ccc000000000001"],
    agentGroups: ["web-asg"],
    metricValue: (q) => {
      const group = q.dimensions.AutoScalingGroupName;
      const db = q.dimensions.DBInstanceIdentifier;
      if (group === "web-asg" && q.metric === "CPUUtilization") return q.stat === "Maximum" ? 30 : 20;
      if (group === "web-asg" && q.namespace === "CWAgent") return 50;
      if (q.namespace === "CWAgent" && q.dimensions.InstanceId === "i-0ccc000000000001") return 30;
      if (db === "orders-db" && q.metric === "CPUUtilization") return q.stat === "Maximum" ? 15 : 10;
      if (db === "orders-db" && q.metric === "FreeableMemory") return 12 * GIB;
      return undefined;
    },
  });
}

describe.each(TEST_STORES)("AWS scale groups, databases and memory on $name", (testStore) => {
  const { scenario, open } = useCloudStandIn(testStore, { scenario: scenarioOf, start: startAwsStandIn, env: (url) => ({ KUBEX_AWS_ENDPOINT: url }) });
  const creds = { roleArn: "arn:aws:iam::123456789012:role/kubex-read", externalId: "ext-0042" };
  const save = (db: Kysely<Database>) => insertConnection(db, { platform: "AWS", name: "prod-aws", settings: { accountId: "123456789012" }, credentials: creds, verifiedAt: new Date().toISOString(), user: "admin" });

  it("collects the groups with their members, the databases and the agent's memory through the pages", async () => {
    const db = await open();
    const id = await save(db);
    const outcome = await collectCloudConnection(id, db, NOW);
    expect(outcome.reason).toBeNull();
    // two EC2 instances, three groups (one empty), two databases (the four members belong to their groups)
    expect(outcome).toMatchObject({ ok: true, services: 7 });
    // one group and one database per page; the agent's two series and the two scheduled actions one per page
    expect(scenario.calls.filter((c) => c === "DescribeAutoScalingGroups")).toHaveLength(3);
    expect(scenario.calls.filter((c) => c === "DescribeScheduledActions")).toHaveLength(2);
    expect(scenario.calls.filter((c) => c === "DescribeDBInstances")).toHaveLength(2);
    expect(scenario.calls.filter((c) => c === "cloudwatch:ListMetrics")).toHaveLength(2);

    const services = await db.selectFrom("cloud_service").selectAll().where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(services.map((s) => [s.name, s.kind, s.service])).toEqual([
      ["app-1", "instance", "EC2"],
      ["app-2", "instance", "EC2"],
      ["audit-db", "instance", "RDS"],
      ["batch-asg", "group", "ASG"],
      ["orders-db", "instance", "RDS"],
      ["spare-asg", "group", "ASG"],
      ["web-asg", "group", "ASG"],
    ]);
    const web = await db.selectFrom("cloud_scale_group").selectAll().where("name", "=", "web-asg").executeTakeFirstOrThrow();
    expect(web).toMatchObject({
      id: `conn:${id}:arn:aws:autoscaling:us-east-1:123456789012:autoScalingGroup:0000-web-asg:autoScalingGroupName/web-asg`,
      provider: "AWS",
      region: "us-east-1",
      account_id: "123456789012",
      account_name: "prod-aws",
      service: "ASG",
      instance_type: "m5.large",
      vcpus: 2,
      memory_mb: 8192,
      min_size: 2,
      max_size: 6,
      desired_size: 3,
      in_service: 3,
      scaling_mode: "dynamic",
      scaling_policy: "Target tracking: average CPU 50 %",
      availability_zones: "us-east-1a,us-east-1b,us-east-1c",
      created_at: CREATED,
      memory_metrics: 1,
    });
    const batch = await db.selectFrom("cloud_scale_group").selectAll().where("name", "=", "batch-asg").executeTakeFirstOrThrow();
    expect(batch).toMatchObject({
      scaling_mode: "scheduled",
      scaling_policy: "Scheduled: night-on (0 22 * * * Etc/UTC) to 1; Scheduled: day-off (0 6 * * * Etc/UTC) to 0",
      memory_metrics: 0,
      in_service: 1,
    });
    const spare = await db.selectFrom("cloud_scale_group").selectAll().where("name", "=", "spare-asg").executeTakeFirstOrThrow();
    expect(spare).toMatchObject({ scaling_mode: "manual", scaling_policy: null, in_service: 0, instance_type: "unknown" });
    const members = await db.selectFrom("cloud_instance").select(["name", "service", "group_id", "group_name"]).where("group_id", "=", web.id).orderBy("name").execute();
    expect(members.map((m) => [m.name, m.service, m.group_name])).toEqual([
      ["web-asg-1", "ASG", "web-asg"],
      ["web-asg-2", "ASG", "web-asg"],
      ["web-asg-3", "ASG", "web-asg"],
    ]);
    const orders = await db.selectFrom("cloud_instance").selectAll().where("name", "=", "orders-db").executeTakeFirstOrThrow();
    expect(orders).toMatchObject({ id: `conn:${id}:db-ORDERS0000000000000000001`, service: "RDS", instance_type: "db.m5.xlarge", vcpus: 4, memory_mb: 16384, availability_zone: "us-east-1a", memory_metrics: 1 });

    // memory: 25 % in use from FreeableMemory (12 of 16 GiB); the agent's 30 % on app-1; nothing (null, not 0) on app-2
    const memOf = async (name: string) => {
      const row = await db.selectFrom("cloud_instance").select("id").where("name", "=", name).executeTakeFirstOrThrow();
      const s = await db.selectFrom("cloud_connection_sample").select("mem_pct").where("instance_id", "=", row.id).execute();
      return [...new Set(s.map((x) => x.mem_pct))];
    };
    expect(await memOf("orders-db")).toEqual([25]);
    expect(await memOf("app-1")).toEqual([30]);
    expect(await memOf("app-2")).toEqual([null]);
    expect(await db.selectFrom("cloud_instance").select(["name", "memory_metrics"]).where("name", "in", ["app-1", "app-2"]).orderBy("name").execute()).toEqual([
      { name: "app-1", memory_metrics: 1 },
      { name: "app-2", memory_metrics: 0 },
    ]);

    // sizes: web-asg's from its AWS/AutoScaling metrics, batch-asg's (metrics collection off) its sizes at collection
    const sizes = await db.selectFrom("cloud_connection_group_size").selectAll().where("connection_id", "=", id).execute();
    const webSizes = sizes.filter((s) => s.group_id === web.id);
    expect(webSizes).toHaveLength(HOURS * 12 + 1);
    expect(new Set(webSizes.map((s) => `${s.in_service}/${s.desired}/${s.min_size}/${s.max_size}`))).toEqual(new Set(["3/3/2/6"]));
    expect(new Set(sizes.filter((s) => s.group_id === batch.id).map((s) => `${s.in_service}/${s.desired}/${s.min_size}/${s.max_size}`))).toEqual(new Set(["1/1/1/1"]));

    // deleting the connection deletes its groups, members, databases, samples and size history
    expect(await deleteConnections(db, [id])).toBe(1);
    expect(await db.selectFrom("cloud_service").select("id").where("id", "like", `conn:${id}:%`).execute()).toEqual([]);
    expect(await db.selectFrom("cloud_instance").select("id").where("id", "like", `conn:${id}:%`).execute()).toEqual([]);
    expect(await db.selectFrom("cloud_connection_group_size").select("t").where("connection_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("cloud_connection_sample").select("t").where("connection_id", "=", id).execute()).toEqual([]);
  });

  it("analyses the collected groups and databases: hand-checked recommendations and costs", async () => {
    const db = await open();
    const id = await save(db);
    expect((await collectCloudConnection(id, db, NOW)).ok).toBe(true);
    await cloudPhase({ db, snapshotId: "s1", services: await readCloudServices(db), source: null, catalog: shippedCloudCatalog(), policy: CLOUD_DEFAULT_POLICY, nowMs: NOW, maxParams: 30_000 });
    const rows = await db.selectFrom("cloud_analysis").selectAll().where("snapshot_id", "=", "s1").execute();
    const byName = new Map<string, (typeof rows)[number]>();
    for (const s of await readCloudServices(db)) {
      const r = rows.find((x) => x.service_id === s.id);
      if (r) byName.set(s.name, r);
    }
    expect(byName.size).toBe(7);

    // web-asg: 3 × m5.large at 20 % CPU and 50 % memory (agent). Work 3 × 20 = 60 instance-% → max(60/80, 60/100)
    // = 0.75 instances on CPU; memory 3 × 50 × 1.2 / 100 = 1.8 instances → 2 needed in every hour. Three days of
    // history since creation: uptime 100 %. Cost = price × 730 × group size.
    const m5large = typeFacts("AWS", "us-east-1", "m5.large").hourlyPrice;
    expect(m5large).toBe(0.096);
    const web = byName.get("web-asg")!;
    expect(web).toMatchObject({ recommendation: "Downscale", existing_instance_type: "m5.large", recommended_instance_type: "m5.large", memory_from_agent: 1 });
    expect(web.current_instances).toBe(3);
    expect(web.optimal_instances).toBe(2);
    expect(web.predicted_uptime_pct).toBe(100);
    expect(web.current_estimated_cost).toBeCloseTo(0.096 * 730 * 3, 2); // 210.24
    expect(web.optimal_cost).toBeCloseTo(0.096 * 730 * 2, 2); // 140.16
    expect(web.estimated_savings).toBeCloseTo(70.08, 2);

    // orders-db: db.m5.xlarge (4 vCPUs, 16 GiB) at 10 % CPU (15 % peak) with 12 GiB freeable: 25 % memory in use.
    // CPU need (the engine sizes on the 5-minute averages; the 1-minute Maximum is the idle rule's): sustained and
    // peak 10 % → max(4 × 10 / 80, 4 × 10 / 100) = 0.5 vCPU of an m5; memory need 16 × 25 % × 1.2 = 4.8 GiB.
    const orders = byName.get("orders-db")!;
    expect(orders).toMatchObject({ service_type: "RDS", existing_instance_type: "db.m5.xlarge", memory_from_agent: 1 });
    expect(orders.active_memory_pct).toBe(25);
    expect(orders.ideal_memory_alloc).toBeCloseTo(4.8, 2);
    expect(orders.ideal_cpu_alloc).toBeCloseTo(0.5, 2);
    const current = typeFacts("AWS", "us-east-1", "db.m5.xlarge").hourlyPrice;
    expect(orders.current_estimated_cost).toBeCloseTo(current * 730, 2);
    // catalog/aws-rds.tsv, us-east-1 Linux: db.m5.xlarge 4 vCPUs 16 GiB 1.25 Gbps $0.342; the cheaper larges (db.t3
    // burstable, db.m6g.large 0.75 Gbps $0.152, db.m5.large 0.75 Gbps) fall short of the current class's network
    // (the policy's default requirement); db.m6g.xlarge (4 vCPUs, 16 GiB, 1.25 Gbps, Arm at High effort) $0.304 is
    // the cheapest that fits: the same series and size a generation on, so Modernize.
    expect(current).toBe(0.342);
    expect(typeFacts("AWS", "us-east-1", "db.m6g.xlarge").hourlyPrice).toBe(0.304);
    expect(orders).toMatchObject({ recommendation: "Modernize", recommended_instance_type: "db.m6g.xlarge", estimated_effort: "High" });
    expect(orders.current_estimated_cost).toBeCloseTo(249.66, 2);
    expect(orders.optimal_cost).toBeCloseTo(221.92, 2);
    expect(orders.estimated_savings).toBeCloseTo(27.74, 2);

    // app-2 has no agent: memory is "not measured", never 0 %, and is not downsized blind
    const app2 = byName.get("app-2")!;
    expect(app2.memory_from_agent).toBe(0);
    expect(app2.active_memory_pct).toBeNull();
    expect(byName.get("app-1")!.memory_from_agent).toBe(1);
    expect(byName.get("app-1")!.active_memory_pct).toBe(30);
  });

  it("records a refused DescribeDBInstances and a timed-out DescribeAutoScalingGroups as failed collections, keeping the data", async () => {
    const db = await open();
    const id = await save(db);
    expect((await collectCloudConnection(id, db, NOW)).ok).toBe(true);
    scenario.refuseDatabases = true;
    const refused = await collectCloudConnection(id, db, NOW);
    expect(refused.ok).toBe(false);
    expect(refused.reason).toMatch(/not authorized to perform: rds:DescribeDBInstances/);
    scenario.refuseDatabases = false;
    scenario.delayMs = 4000;
    scenario.slowActions = ["DescribeAutoScalingGroups"];
    const slow = await collectCloudConnection(id, db, NOW);
    expect(slow.ok).toBe(false);
    expect(slow.reason).toMatch(/abort|time/i);
    const kept = await db.selectFrom("cloud_service").select("id").where("id", "like", `conn:${id}:%`).execute();
    expect(kept).toHaveLength(7);
    expect(await db.selectFrom("cloud_connection_group_size").select("t").where("connection_id", "=", id).execute()).not.toHaveLength(0);
  });
});
