/**
 * Who may do what with cloud connections, over the API and the page's forms (spec document 3, section 6): an
 * analyst reads the list but is refused verify, delete and collect; an audit administrator may; no session is 401
 * on the API and a sign-in redirect on the page; the sandbox refuses changes. The forms' whole add flow (verify,
 * save) with secrets that never come back in an answer, and edit and delete through the forms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfToken } from "~/features/auth/session.server";
import { actCloudConnections, loadCloudConnections, type PageData } from "~/features/cloud/connections.server";
import { CONNECTION_TEXT } from "~/domain/cloud/connections";
import { setFlag } from "~/models/feature-flags.server";
import { connectionCredentials, listConnections } from "~/models/cloud-connections.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api, type Caller } from "./graphql-harness";
import { awsScenario, startAwsStandIn } from "./stand-ins/aws";
import type { Served } from "./stand-ins/http";
import { useCloudEnv } from "./stand-ins/env";

const PAGE = "http://localhost/kubex/cloud/connections";
const ROLE = "arn:aws:iam::123456789012:role/kubex-read";
const EXTERNAL = "ext-0042";
const VERIFY = `query($a: AwsSettingsInput) { verifyConnectionSettings(awsSettings: $a) { platform status statusDetails accountId awsInstanceFound { regionName availableZone activeInstance } } }`;

describe.each(TEST_STORES)("cloud connection permissions on $name", (testStore) => {
  let api: Api;
  let standIn: Served;
  const env = useCloudEnv();

  beforeAll(async () => {
    standIn = await startAwsStandIn(awsScenario());
    env.set({ KUBEX_AWS_ENDPOINT: standIn.url, KUBEX_CLOUD_TIMEOUT_MS: "3000" });
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  async function post(who: Caller | null, fields: Record<string, string | string[]>, url = PAGE) {
    const cookie = who ? await api.sessionCookie(who) : "";
    const headers = cookie ? { cookie } : undefined;
    const form = new FormData();
    form.set("csrf", await csrfToken(new Request(url, { headers })));
    for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) form.append(k, value);
    return new Request(url, { method: "POST", body: form, headers });
  }
  async function get(who: Caller, url: string) {
    return new Request(url, { headers: { cookie: await api.sessionCookie(who) } });
  }
  const status = async (p: Promise<unknown>) => {
    try {
      await p;
      return 200;
    } catch (e) {
      if (e instanceof Response) return e.status;
      throw e;
    }
  };

  it("API: an analyst reads the list but may not verify, delete or collect; an administrator may; no session is 401", async () => {
    const list = await api.gql(api.analyst, `{ connectionList { maxRefreshAge connections { id connectionName } } }`);
    expect(list.body.data?.connectionList.maxRefreshAge).toBe(30);
    const refused = await api.gql(api.analyst, VERIFY, { a: { roleArn: ROLE, externalId: EXTERNAL } });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.body.errors?.[0]?.message).toMatch(/audit administrators/);
    for (const q of [`mutation { deleteCloudConnections(ids: ["x"]) }`, `mutation { collectCloudConnection(id: "x") { ok } }`]) {
      expect((await api.gql(api.analyst, q)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    const allowed = await api.data(api.admin, VERIFY, { a: { roleArn: ROLE, externalId: EXTERNAL } });
    expect(allowed.verifyConnectionSettings).toMatchObject({ platform: "AWS", status: "COMPLETE", accountId: "123456789012" });
    const wrong = await api.data(api.admin, VERIFY, { a: { roleArn: ROLE, externalId: "guess" } });
    expect(wrong.verifyConnectionSettings.status).toBe("INVALID");
    const anonymous = await api.gql(null, `{ connectionList { maxRefreshAge } }`);
    expect(anonymous.status).toBe(401);
    expect((await api.gql(null, VERIFY, { a: { roleArn: ROLE, externalId: EXTERNAL } })).status).toBe(401);
    expect((await api.data(api.analyst, `{ getKubexAWSAccountId }`)).getKubexAWSAccountId).toBe("999999999999");
  });

  it("forms: an analyst's post is refused (403), no session goes to sign-in, an analyst sees no dialog", async () => {
    expect(await status(actCloudConnections(await post(api.analyst, { intent: "verify", platform: "AWS", roleArn: ROLE, externalId: EXTERNAL })))).toBe(403);
    expect(await status(actCloudConnections(await post(api.analyst, { intent: "delete", id: "x" })))).toBe(403);
    const anonymous = await status(actCloudConnections(await post(null, { intent: "verify", platform: "AWS" })));
    expect(anonymous).toBe(302);
    const page = await loadCloudConnections(await get(api.analyst, `${PAGE}?add=aws`));
    expect(page).toMatchObject({ admin: false, dialog: null });
  });

  it("forms: the administrator's add flow verifies, carries the secrets sealed, saves, edits and deletes", async () => {
    const opened = await loadCloudConnections(await get(api.admin, `${PAGE}?add=aws`));
    expect(opened.dialog).toMatchObject({ platform: "AWS", step: 0, awsAccountId: "999999999999" });

    const blank = (await actCloudConnections(await post(api.admin, { intent: "verify", platform: "AWS" }, `${PAGE}?add=aws`))) as PageData;
    expect(blank.dialog?.errors).toEqual({ externalId: CONNECTION_TEXT.externalIdRequired, roleArn: CONNECTION_TEXT.roleArnRequired });

    const invalid = (await actCloudConnections(await post(api.admin, { intent: "verify", platform: "AWS", roleArn: ROLE, externalId: "guess" }, `${PAGE}?add=aws`))) as PageData;
    expect(invalid.dialog).toMatchObject({ step: 0, draft: null });
    expect(invalid.dialog?.formError).toMatch(/not authorized to perform: sts:AssumeRole/);

    const verified = (await actCloudConnections(await post(api.admin, { intent: "verify", platform: "AWS", roleArn: ROLE, externalId: EXTERNAL }, `${PAGE}?add=aws`))) as PageData;
    expect(verified.dialog).toMatchObject({ step: 1, verification: { accountId: "123456789012", instancesFound: 5 } });
    expect(verified.dialog?.values.connectionName).toMatch(/^AWS-\d{8}-\d{6}$/);
    const answer = JSON.stringify(verified);
    expect(answer).not.toContain(ROLE);
    expect(answer).not.toContain(EXTERNAL);

    // a Save without a verification (no draft, or another user's) is refused with the save tooltip's text
    const unverified = (await actCloudConnections(await post(api.admin, { intent: "save", platform: "AWS", connectionName: "x" }, `${PAGE}?add=aws`))) as PageData;
    expect(unverified.dialog?.formError).toBe(CONNECTION_TEXT.saveTip);
    expect(await status(actCloudConnections(await post(api.carol, { intent: "save", platform: "AWS", connectionName: "x", draft: verified.dialog!.draft! })))).toBe(403);

    const noName = (await actCloudConnections(await post(api.admin, { intent: "save", platform: "AWS", connectionName: " ", draft: verified.dialog!.draft!, found: "5" }, `${PAGE}?add=aws`))) as PageData;
    expect(noName.dialog?.errors.connectionName).toBe(CONNECTION_TEXT.nameRequired);

    const saved = await status(actCloudConnections(await post(api.admin, { intent: "save", platform: "AWS", connectionName: "forms-aws", draft: verified.dialog!.draft!, found: "5" }, `${PAGE}?add=aws`)));
    expect(saved).toBe(200); // a redirect Response is returned, not thrown
    const [row] = await listConnections(api.db);
    expect(row).toMatchObject({ name: "forms-aws", platform: "AWS", settings: { accountId: "123456789012" } });
    expect(await connectionCredentials(api.db, row!.id)).toEqual({ roleArn: ROLE, externalId: EXTERNAL });

    // the GraphQL list never carries a secret
    const listed = JSON.stringify(await api.data(api.admin, `{ connectionList { connections { id cloudPlatform connectionName subConnectionCount createdBy } } }`));
    expect(listed).toContain("forms-aws");
    expect(listed).not.toContain(ROLE);

    // edit: Next with the stored role, then a new name
    const edit = (await actCloudConnections(await post(api.admin, { intent: "verify", platform: "AWS", editId: row!.id }, `${PAGE}?edit=${row!.id}`))) as PageData;
    expect(edit.dialog).toMatchObject({ step: 1, editId: row!.id, values: { connectionName: "forms-aws" } });
    const back = (await actCloudConnections(await post(api.admin, { intent: "back", platform: "AWS", editId: row!.id }, `${PAGE}?edit=${row!.id}`))) as PageData;
    expect(back.dialog).toMatchObject({ step: 0, editId: row!.id });
    await actCloudConnections(await post(api.admin, { intent: "save", platform: "AWS", editId: row!.id, connectionName: "forms-aws-2", draft: edit.dialog!.draft!, found: "5" }));
    expect((await listConnections(api.db)).map((c) => c.name)).toEqual(["forms-aws-2"]);
    expect(await connectionCredentials(api.db, row!.id)).toEqual({ roleArn: ROLE, externalId: EXTERNAL });

    const confirm = await loadCloudConnections(await get(api.admin, `${PAGE}?confirm=delete&id=${row!.id}`));
    expect(confirm.confirm).toEqual([{ id: row!.id, platform: "AWS", name: "forms-aws-2" }]);
    const deleted = (await actCloudConnections(await post(api.admin, { intent: "delete", id: row!.id }))) as Response;
    expect(deleted.headers.get("Location")).toMatch(/1%20connection%20deleted/);
    expect(await listConnections(api.db)).toEqual([]);
  });

  it("the sandbox hides the dialogs and refuses changes, even to an administrator", async () => {
    await setFlag(api.db, "sandboxPlaygroundEnabled", true);
    try {
      const page = await loadCloudConnections(await get(api.admin, `${PAGE}?add=aws`));
      expect(page).toMatchObject({ sandbox: true, admin: false, dialog: null });
      expect(await status(actCloudConnections(await post(api.admin, { intent: "verify", platform: "AWS", roleArn: ROLE, externalId: EXTERNAL })))).toBe(403);
    } finally {
      await setFlag(api.db, "sandboxPlaygroundEnabled", false);
    }
  });
});
