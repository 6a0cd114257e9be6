/**
 * AWS connections against the loopback stand-in (STS, EC2 and CloudWatch wire formats) on every store: verify,
 * save, collect (paged answers), edit, delete, a refused role, a time-out, and a failed collection that leaves the
 * previous data whole with its reason recorded.
 */
import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { collectCloudConnection, verifySettings } from "~/analysis/cloud-connections.server";
import { connectionCredentials, deleteConnections, getConnection, insertConnection, updateConnection } from "~/models/cloud-connections.server";
import { awsProviderAccountId } from "~/sources/cloud/aws.server";
import { cloudConfig } from "~/sources/cloud/config.server";
import { cloudPhase, readCloudServices } from "~/analysis/cloud-phase";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { TEST_STORES } from "./stores";
import { awsScenario, startAwsStandIn } from "./stand-ins/aws";
import { useCloudStandIn } from "./stand-ins/suite";

describe.each(TEST_STORES)("AWS cloud connections on $name", (testStore) => {
  const { scenario, open, setEnv } = useCloudStandIn(testStore, { scenario: awsScenario, start: startAwsStandIn, env: (url) => ({ KUBEX_AWS_ENDPOINT: url }) });
  const creds = { roleArn: "arn:aws:iam::123456789012:role/kubex-read", externalId: "ext-0042" };

  it("verifies by assuming the role with the External ID and counts the instances per zone through the pages", async () => {
    const db = await open();
    const result = await verifySettings(db, { platform: "AWS", credentials: creds });
    expect(result.status).toBe("COMPLETE");
    expect(result.accountId).toBe("123456789012");
    const total = result.awsInstanceFound.reduce((n, r) => n + r.totalAvailableWorkLoad, 0);
    expect(total).toBe(5);
    expect(result.awsInstanceFound.find((r) => r.availableZone === "us-east-1a")).toMatchObject({ activeInstance: 1, inactiveInstance: 1 });
    // three us-east-1 instances at two a page: two DescribeInstances calls there, one in eu-west-1 (two fit one page)
    expect(scenario.calls.filter((c) => c === "DescribeInstances")).toHaveLength(3);
    expect(scenario.calls[0]).toBe("AssumeRole");
  });

  it("answers INVALID with the provider's reason when the role is refused, and when the stand-in is too slow", async () => {
    const db = await open();
    scenario.refuseRole = true;
    const refused = await verifySettings(db, { platform: "AWS", credentials: creds });
    expect(refused.status).toBe("INVALID");
    expect(JSON.parse(refused.statusDetails)[0]).toMatch(/not authorized to perform: sts:AssumeRole/);
    scenario.refuseRole = false;
    scenario.delayMs = 4000;
    const slow = await verifySettings(db, { platform: "AWS", credentials: creds });
    expect(slow.status).toBe("INVALID");
    expect(JSON.parse(slow.statusDetails)[0]).toMatch(/abort|time/i);
  });

  it("refuses a Role ARN that is not one before calling AWS", async () => {
    const db = await open();
    const result = await verifySettings(db, { platform: "AWS", credentials: { roleArn: "not-an-arn", externalId: "x" } });
    expect(result.status).toBe("INVALID");
    expect(scenario.calls).toEqual([]);
  });

  it("saves with sealed secrets, collects into the cloud inventory with samples, keeps data on a failed run, and deletes everything", async () => {
    const db = await open();
    const id = await insertConnection(db, { platform: "AWS", name: "prod-aws", settings: { accountId: "123456789012" }, credentials: creds, verifiedAt: new Date().toISOString(), user: "admin" });
    const raw = await db.selectFrom("cloud_connection").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(raw.sealed_credentials).not.toContain("kubex-read");
    expect(raw.sealed_credentials).not.toContain("ext-0042");
    expect(raw.settings).not.toContain("ext-0042");
    expect(await connectionCredentials(db, id)).toEqual(creds);

    const first = await collectCloudConnection(id, db);
    expect(first).toMatchObject({ ok: true, services: 5 });
    const rows = await db.selectFrom("cloud_service").selectAll().where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(rows.map((r) => r.name)).toEqual(["api-eu-1", "api-eu-2", "batch-1", "web-1", "web-2"]);
    expect(rows[0]).toMatchObject({ provider: "AWS", region: "eu-west-1", account_id: "123456789012", account_name: "prod-aws", service: "EC2", instance_type: "c5.large" });
    expect(rows[0]!.vcpus).toBe(2);
    const samples = await db.selectFrom("cloud_connection_sample").select(({ fn }) => fn.countAll<number>().as("n")).where("connection_id", "=", id).executeTakeFirstOrThrow();
    expect(Number(samples.n)).toBeGreaterThan(5 * 200);
    // GetMetricData paged: 45 queries at 7 a page
    expect(scenario.calls.filter((c) => c === "cloudwatch:GetMetricData").length).toBeGreaterThanOrEqual(7);
    // the analysis run reads the stored samples of a connection's services
    const phase = await cloudPhase({ db, snapshotId: "s1", services: await readCloudServices(db), source: null, catalog: shippedCloudCatalog(), policy: CLOUD_DEFAULT_POLICY, nowMs: Date.now(), maxParams: 30_000 });
    expect(phase).toMatchObject({ services: 5, analysed: 5 });
    const analysed = await db.selectFrom("cloud_analysis").select(["service_id", "recommendation"]).where("snapshot_id", "=", "s1").execute();
    expect(analysed).toHaveLength(5);
    expect(analysed.every((r) => typeof r.recommendation === "string" && r.recommendation.length > 0)).toBe(true);
    const after = await getConnection(db, id);
    expect(after).toMatchObject({ lastStatus: "complete", lastServiceCount: 5, lastError: null });
    expect(after!.firstCollectionAt).toBe(after!.lastCollectionAt);

    scenario.failInstances = true;
    const failed = await collectCloudConnection(id, db);
    expect(failed.ok).toBe(false);
    expect(failed.reason).toMatch(/not authorized/);
    const kept = await db.selectFrom("cloud_instance").select("id").where("id", "like", `conn:${id}:%`).execute();
    expect(kept).toHaveLength(5);
    expect(await getConnection(db, id)).toMatchObject({ lastStatus: "failed", lastServiceCount: 5 });
    expect((await getConnection(db, id))!.lastError).toMatch(/not authorized/);

    await updateConnection(db, id, { name: "prod-aws-renamed", settings: { accountId: "123456789012" }, user: "admin" });
    expect(await connectionCredentials(db, id)).toEqual(creds);

    expect(await deleteConnections(db, [id])).toBe(1);
    expect(await db.selectFrom("cloud_instance").select("id").where("id", "like", `conn:${id}:%`).execute()).toEqual([]);
    expect(await db.selectFrom("cloud_connection_sample").select("instance_id").where("connection_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("cloud_connection").select("id").execute()).toEqual([]);
  });

  it("reads this installation's account id from GetCallerIdentity unless it is configured", async () => {
    expect(await awsProviderAccountId(cloudConfig())).toBe("999999999999");
    setEnv({ KUBEX_AWS_ACCOUNT_ID: "111122223333" });
    expect(await awsProviderAccountId(cloudConfig())).toBe("111122223333");
    setEnv({ KUBEX_AWS_ACCOUNT_ID: "" });
  });
});
