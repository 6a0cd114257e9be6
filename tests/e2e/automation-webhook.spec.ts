/**
 * Automation end to end (issue 10, must-show 5 and 6): without JavaScript an administrator connects a cluster of the
 * fleet, opens the secure connection parameters, enables automation on the cluster's folder, takes the cluster's
 * webhook manifest from the Automation screen, sends an AdmissionReview over HTTPS to the address and CA it names,
 * gets the patch, and sees the counts on the Automation screen and the version on the Connections screen. Then the
 * same screens with JavaScript (the Copy button, the dialog).
 */
import https from "node:https";
import net from "node:net";
import { test, expect, tree, topLevelLabels } from "./fixtures";

const EMPTY_ID = "00000000-0000-0000-0000-000000000000";

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function postHttps(url: string, body: string, ca: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: "POST", ca, headers: { "Content-Type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("connect, enable automation on a folder, send an AdmissionReview, see the patch and the counts", async ({ page }) => {
    // The cluster: the tree's first top-level folder (the default View groups by cluster).
    await page.goto("/kubex/containers-tree");
    const cluster = (await topLevelLabels(page))[0]!;

    await page.goto("/kubex/cluster-connections");
    const add = page.locator("section", { has: page.getByRole("heading", { name: "Add a connection" }) });
    await add.getByLabel("Cluster name").fill(cluster);
    await add.getByLabel("Prometheus address").fill(`http://127.0.0.1:${await closedPort()}`);
    await add.getByRole("button", { name: "Add connection" }).click();
    await expect(page.getByRole("status")).toContainText(`Connection for cluster "${cluster}" added.`);

    try {
      // The secure connection parameters dialog: a snippet, OK back to the screen; its token answers the API.
      await page.goto("/kubex/collectionstatus/connections");
      await page.getByTestId("open-credentials").click();
      const dialog = page.getByTestId("credentials-dialog");
      await expect(dialog.getByRole("heading", { name: "Secure connection parameters" })).toBeVisible();
      const snippet = await dialog.getByRole("textbox", { name: "Connection parameters" }).inputValue();
      const token = /token: (kbx_\S+)/.exec(snippet)?.[1];
      expect(snippet).toContain("username: admin");
      expect(token).toBeTruthy();
      await dialog.getByRole("link", { name: "OK" }).click();
      await expect(page.getByTestId("credentials-dialog")).toHaveCount(0);

      // The instructions panel stays as it was left (a cookie).
      await page.getByRole("link", { name: "Hide instructions" }).click();
      await page.goto("/kubex/collectionstatus/connections");
      await expect(page.getByRole("link", { name: "Show instructions" })).toBeVisible();
      await expect(page.getByText("Deploy data collection")).toHaveCount(0);
      await page.getByRole("link", { name: "Show instructions" }).click();
      await expect(page.getByText("Deploy data collection")).toBeVisible();

      // A Deployment's container of the cluster with a CPU request recommendation.
      const answer = await page.request.post("/api/graphql/containers", {
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        data: {
          query: `query($p: String!) { getContainerDetailsByViewAndFilter(viewId: "${EMPTY_ID}", filterId: "${EMPTY_ID}", treeviewPath: $p, pageSize: 200) { rows { namespace controllerType podService containerName cpuRequest memRequest } } }`,
          variables: { p: cluster },
        },
      });
      expect(answer.status()).toBe(200);
      const rows = (await answer.json()).data.getContainerDetailsByViewAndFilter.rows as {
        namespace: string;
        controllerType: string;
        podService: string;
        containerName: string;
        cpuRequest: number | null;
        memRequest: number | null;
      }[];
      const target = rows.find((r) => r.controllerType === "Deployment" && r.cpuRequest !== null && r.memRequest !== null)!;
      expect(target).toBeTruthy();

      // Enable automation on the cluster's folder (the Breakdown tab's plain form).
      await page.goto("/kubex/containers-tree");
      await tree(page).getByRole("link", { name: cluster, exact: true }).click();
      await page.getByRole("navigation", { name: "Container tabs" }).getByRole("link", { name: "Breakdown" }).click();
      await page.getByRole("button", { name: "Enable Automation..." }).click();
      await expect(page.getByText(/Automation enabled for [\d,]+ containers? under/)).toBeVisible();

      // The cluster's manifest on the Automation screen: its address and CA.
      await page.goto("/kubex/collectionstatus/automation");
      const manifest = page.getByTestId("automation-manifest").filter({ hasText: `MutatingWebhookConfiguration for ${cluster}` });
      await manifest.getByText(`MutatingWebhookConfiguration for ${cluster}`).click();
      const yaml = await manifest.getByRole("textbox").inputValue();
      expect(yaml).toContain("failurePolicy: Ignore");
      expect(yaml).toContain("sideEffects: None");
      const url = JSON.parse(/url: (".*")/.exec(yaml)![1]!) as string;
      const ca = Buffer.from(/caBundle: (\S+)/.exec(yaml)![1]!, "base64").toString("utf8");

      const hash = "6d5f8b7c9";
      const review = {
        apiVersion: "admission.k8s.io/v1",
        kind: "AdmissionReview",
        request: {
          uid: "e2e-uid-1",
          kind: { group: "", version: "v1", kind: "Pod" },
          namespace: target.namespace,
          operation: "CREATE",
          dryRun: false,
          object: {
            metadata: {
              generateName: `${target.podService}-${hash}-`,
              labels: { "pod-template-hash": hash },
              ownerReferences: [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: `${target.podService}-${hash}`, controller: true }],
            },
            spec: { containers: [{ name: target.containerName, image: "app" }, { name: "injected-sidecar", image: "proxy" }] },
          },
        },
      };
      const reply = await postHttps(url, JSON.stringify(review), ca);
      expect(reply.status).toBe(200);
      expect(reply.json.response).toMatchObject({ uid: "e2e-uid-1", allowed: true, patchType: "JSONPatch" });
      const patch = JSON.parse(Buffer.from(reply.json.response.patch, "base64").toString("utf8"));
      expect(patch).toHaveLength(1);
      expect(patch[0]).toMatchObject({
        op: "add",
        path: "/spec/containers/0/resources",
        value: { requests: { cpu: `${Math.ceil(Math.max(10, target.cpuRequest!))}m`, memory: `${Math.ceil(Math.max(16, target.memRequest!))}Mi` } },
      });

      // The counts.
      await page.goto("/kubex/collectionstatus/automation");
      const row = page.getByTestId("automation-row").filter({ has: page.getByRole("cell", { name: cluster, exact: true }) });
      await expect(row.locator("td")).toHaveText([cluster, "Deployed", "Active", /\d/, "1", "1"]);
      await expect(page.getByTestId("automation-total").locator("td").nth(5)).toHaveText("1");
      await expect(page.getByTestId("automation-decisions")).toContainText(`Deployment/${target.podService}`);

      await page.goto(`/kubex/collectionstatus/connections?q=${encodeURIComponent(cluster)}`);
      const connRow = page.getByTestId("connections-grid").locator("tbody tr").first();
      await expect(connRow.locator("td").nth(7)).toHaveText("kubex-webhook 0.1.0");
    } finally {
      await page.goto("/kubex/cluster-connections");
      await page.getByRole("button", { name: `Delete ${cluster}` }).click();
      await expect(page.getByRole("status")).toContainText("Connection deleted.");
    }
  });
});

test("with JavaScript the Automation screen's total row and the parameters dialog's Copy button work", async ({ page }) => {
  await page.goto("/kubex/collectionstatus/automation");
  await expect(page.getByRole("heading", { name: "Automation", level: 2 })).toBeVisible();
  await expect(page.getByTestId("automation-grid").locator("thead th")).toHaveText([
    "Cluster",
    "Automation Deployed",
    "Automation Status",
    "Last Optimization Time",
    "Optimizations (Last 24h)",
    "Total Optimizations",
  ]);
  await expect(page.getByTestId("automation-total").locator("td").first()).toHaveText("Grand Total");
  await page.goto("/kubex/collectionstatus/connections?dialog=credentials");
  const dialog = page.getByTestId("credentials-dialog");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied.");
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(page.getByTestId("credentials-dialog")).toHaveCount(0);
});
