/**
 * Azure connections against the HTTPS stand-in (Entra ID token endpoint, Resource Manager and Monitor JSON with
 * nextLink paging) on every store: verify lists subscriptions (used ones marked), a wrong secret is INVALID with
 * Entra's reason, collection of the chosen subscriptions, delete.
 */
import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { collectCloudConnection, verifySettings } from "~/analysis/cloud-connections.server";
import { deleteConnections, getConnection, insertConnection } from "~/models/cloud-connections.server";
import { TEST_STORES } from "./stores";
import { azureScenario, startAzureStandIn } from "./stand-ins/azure";
import { useCloudStandIn } from "./stand-ins/suite";

describe.each(TEST_STORES)("Azure cloud connections on $name", (testStore) => {
  const { scenario, open } = useCloudStandIn(testStore, { scenario: azureScenario, start: startAzureStandIn, https: true, env: (url) => ({ KUBEX_AZURE_AUTHORITY_HOST: url, KUBEX_AZURE_ARM_ENDPOINT: url }), timeoutMs: 3000 });
  const input = () => ({ platform: "AZURE" as const, credentials: { secretKey: scenario.secret }, applicationId: scenario.clientId, tenantId: scenario.tenantId });

  it("verifies with the client secret and lists every subscription through the nextLink pages", async () => {
    const db = await open();
    const result = await verifySettings(db, input());
    expect(result.statusDetails).toBe("[]");
    expect(result.status).toBe("COMPLETE");
    expect(result.azureSubscriptionsFound.map((s) => s.displayName)).toEqual(["Contoso Production", "Contoso Sandbox", "Contoso Staging"]);
    expect(result.azureSubscriptionsFound.every((s) => !s.usedByAccount && s.status === "Not Loaded")).toBe(true);
    expect(scenario.calls.filter((c) => c === "GET /subscriptions")).toHaveLength(2);
  });

  it("answers INVALID with Entra's reason for a wrong secret", async () => {
    const db = await open();
    const result = await verifySettings(db, { ...input(), credentials: { secretKey: "wrong" } });
    expect(result.status).toBe("INVALID");
    expect(JSON.parse(result.statusDetails)[0]).toMatch(/AADSTS7000215/);
  });

  it("collects the chosen subscriptions' machines with their metrics, marks them used for other connections, and deletes them", async () => {
    const db = await open();
    const id = await insertConnection(db, {
      platform: "AZURE",
      name: "azure-prod",
      settings: { applicationId: scenario.clientId, tenantId: scenario.tenantId, subscriptions: [{ id: scenario.subscriptions[0]!.id, name: "Contoso Production" }] },
      credentials: { secretKey: scenario.secret },
      verifiedAt: new Date().toISOString(),
      user: "admin",
    });
    const outcome = await collectCloudConnection(id, db);
    expect(outcome).toMatchObject({ ok: true, services: 3 });
    const rows = await db.selectFrom("cloud_service").selectAll().where("id", "like", `conn:${id}:%`).orderBy("name").execute();
    expect(rows.map((r) => [r.name, r.provider, r.service, r.region, r.account_name])).toEqual([
      ["prod-vm-1", "Azure", "VM", "eastus", "Contoso Production"],
      ["prod-vm-2", "Azure", "VM", "eastus", "Contoso Production"],
      ["prod-vm-3", "Azure", "VM", "westeurope", "Contoso Production"],
    ]);
    expect(rows[1]!.vcpus).toBe(4);
    const n = await db.selectFrom("cloud_connection_sample").select("t").where("connection_id", "=", id).execute();
    expect(n.length).toBeGreaterThan(3 * 250);
    expect((await getConnection(db, id))?.subConnectionCount).toBe(1);

    const again = await verifySettings(db, input());
    const prod = again.azureSubscriptionsFound.find((s) => s.displayName === "Contoso Production")!;
    expect(prod).toMatchObject({ usedByAccount: true, auditAzureConnectionName: "azure-prod", status: "Loaded" });
    // editing the connection itself: its own subscription is selectable
    const own = await verifySettings(db, input(), id);
    expect(own.azureSubscriptionsFound.find((s) => s.displayName === "Contoso Production")).toMatchObject({ usedByAccount: false, status: "Loaded" });

    await deleteConnections(db, [id]);
    expect(await db.selectFrom("cloud_instance").select("id").where("id", "like", `conn:${id}:%`).execute()).toEqual([]);
  });
});
