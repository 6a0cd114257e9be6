/**
 * GCP connections against the stand-in (OAuth token endpoint checking the JWT's signature, Compute aggregated list
 * and Monitoring timeSeries paged by pageToken) on every store: a key file verified and collected, a foreign key
 * refused with Google's reason, a bad file refused before any call, a time-out.
 */
import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { collectCloudConnection, verifySettings } from "~/analysis/cloud-connections.server";
import { insertConnection } from "~/models/cloud-connections.server";
import { CONNECTION_TEXT } from "~/domain/cloud/connections";
import { TEST_STORES } from "./stores";
import { gcpKeyFile, gcpScenario, startGcpStandIn } from "./stand-ins/gcp";
import { useCloudStandIn } from "./stand-ins/suite";

describe.each(TEST_STORES)("GCP cloud connections on $name", (testStore) => {
  const { scenario, open } = useCloudStandIn(testStore, { scenario: gcpScenario, start: startGcpStandIn, env: (url) => ({ KUBEX_GCP_TOKEN_URL: `${url}/token`, KUBEX_GCP_COMPUTE_ENDPOINT: url, KUBEX_GCP_MONITORING_ENDPOINT: url }) });

  it("verifies a service account key and counts the project's instances through the pages", async () => {
    const db = await open();
    const result = await verifySettings(db, { platform: "GCP", credentials: { keyJson: gcpKeyFile(scenario) } });
    expect(result).toMatchObject({ status: "COMPLETE", accountId: "kubex-demo-project", gcpInstanceCount: 4 });
    expect(scenario.calls.filter((c) => c.includes("aggregated"))).toHaveLength(2);
  });

  it("refuses a key Google does not know with its reason, a file that is not a key before any call, and a slow answer", async () => {
    const db = await open();
    const other = crypto.generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const foreign = await verifySettings(db, { platform: "GCP", credentials: { keyJson: gcpKeyFile({ ...scenario, privateKey: other.privateKey }) } });
    expect(foreign.status).toBe("INVALID");
    expect(JSON.parse(foreign.statusDetails)[0]).toMatch(/invalid_grant|Invalid JWT Signature/);
    scenario.calls.length = 0;
    const notKey = await verifySettings(db, { platform: "GCP", credentials: { keyJson: '{"hello":"world"}' } });
    expect(JSON.parse(notKey.statusDetails)).toEqual([CONNECTION_TEXT.keyFileInvalid]);
    expect(scenario.calls).toEqual([]);
    scenario.delayMs = 4000;
    const slow = await verifySettings(db, { platform: "GCP", credentials: { keyJson: gcpKeyFile(scenario) } });
    expect(slow.status).toBe("INVALID");
  });

  it("collects the running instances with their Monitoring series into the cloud inventory", async () => {
    const db = await open();
    const id = await insertConnection(db, { platform: "GCP", name: "gcp-demo", settings: { projectId: scenario.projectId }, credentials: { keyJson: gcpKeyFile(scenario) }, verifiedAt: new Date().toISOString(), user: "admin" });
    const outcome = await collectCloudConnection(id, db);
    expect(outcome).toMatchObject({ ok: true, services: 3 });
    const rows = await db.selectFrom("cloud_service").selectAll().where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(rows.map((r) => [r.name, r.provider, r.service, r.region, r.availability_zone, r.instance_type])).toEqual([
      ["gce-eu-1", "GCP", "GCE", "europe-west1", "europe-west1-b", "n2-standard-2"],
      ["gce-web-1", "GCP", "GCE", "us-central1", "us-central1-a", "e2-standard-2"],
      ["gce-web-2", "GCP", "GCE", "us-central1", "us-central1-b", "e2-standard-4"],
    ]);
    const samples = await db.selectFrom("cloud_connection_sample").select(["cpu_pct", "cpu_peak_pct"]).where("instance_id", "=", `conn:${id}:7001`).execute();
    expect(samples.length).toBeGreaterThan(250);
    expect(samples.every((s) => s.cpu_peak_pct >= s.cpu_pct)).toBe(true);
  });

  it("collects the Ops Agent's memory in use where it reports, and no memory (null, not 0) where it does not", async () => {
    const db = await open();
    scenario.agentMemoryPct = { "7001": 35 };
    const id = await insertConnection(db, { platform: "GCP", name: "gcp-demo", settings: { projectId: scenario.projectId }, credentials: { keyJson: gcpKeyFile(scenario) }, verifiedAt: new Date().toISOString(), user: "admin" });
    expect(await collectCloudConnection(id, db)).toMatchObject({ ok: true, services: 3 });
    const mem = async (gid: string) => [...new Set((await db.selectFrom("cloud_connection_sample").select("mem_pct").where("instance_id", "=", `conn:${id}:${gid}`).execute()).map((s) => s.mem_pct))];
    expect(await mem("7001")).toEqual([35]);
    expect(await mem("7002")).toEqual([null]);
    const flags = await db.selectFrom("cloud_instance").select(["name", "memory_metrics"]).where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(flags).toEqual([
      { name: "gce-eu-1", memory_metrics: 0 },
      { name: "gce-web-1", memory_metrics: 1 },
      { name: "gce-web-2", memory_metrics: 0 },
    ]);
    // (the stand-in refuses an agent query without the state = "used" filter, as its series are one per state)
  });
});
