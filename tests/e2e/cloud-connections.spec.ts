import type { Page } from "@playwright/test";
import { test, expect, hydrated, tree, treeItem } from "./fixtures";
import { STATE } from "./global-setup";

/**
 * Cloud Connections (spec document 3, section 2.11): each provider's dialog, step by step with its validation
 * texts, through to a collected connection whose instances show in the cloud tree, then deleted through the
 * Confirm dialog; the same with JavaScript off. The server's SDKs talk to the loopback stand-ins that
 * scripts/e2e-server.mjs starts (tests/integration/stand-ins).
 */
const PAGE = "/kubex/cloud/connections";
const GCP_KEY = "tests/e2e/.artifacts/gcp-key.json";

const dialog = (page: Page) => page.getByTestId("connection-dialog");
const row = (page: Page, name: string) => page.getByTestId("connection-row").filter({ has: page.getByText(name, { exact: true }) });

async function open(page: Page, js: boolean) {
  await page.goto(PAGE);
  if (js) await hydrated(page);
}

async function addMenu(page: Page, which: "aws" | "azure" | "gcp") {
  await page.getByTestId("add-connection").click();
  await page.getByTestId(`add-${which}`).click();
  await expect(dialog(page)).toBeVisible();
}

async function collectAndCheck(page: Page, name: string, services: number) {
  await expect(row(page, name)).toBeVisible();
  await page.getByRole("button", { name: `Collect ${name} now` }).click();
  await expect(page.getByTestId("connections-notice")).toHaveText(`Collected ${services} services.`);
  await expect(row(page, name).getByRole("cell").nth(6)).toHaveText(String(services));
  await expect(row(page, name).getByLabel("Collected")).toBeVisible();
}

async function inTree(page: Page, js: boolean, provider: string, region: string, account: string, count: number) {
  await page.goto("/kubex/cloud-tree");
  if (js) await hydrated(page);
  await tree(page).getByRole("link", { name: new RegExp(`^${provider}`) }).first().click();
  await tree(page).getByRole("link", { name: new RegExp(`^${region}`) }).first().click();
  await expect(tree(page).getByRole("link", { name: account, exact: true })).toBeVisible();
  // The count stands beside the folder's link (not inside it: a link's name is its visible text).
  await expect(treeItem(page, account)).toContainText(new RegExp(`${account}\\s*${count}\\b`));
}

async function deleteConnection(page: Page, js: boolean, platform: string, name: string) {
  await open(page, js);
  await row(page, name).getByRole("checkbox").check();
  await page.getByTestId("delete-connections").click();
  const confirm = page.getByTestId("confirm-delete");
  await expect(confirm.getByRole("heading", { name: "Confirm" })).toBeVisible();
  await expect(confirm.getByTestId("confirm-items")).toHaveText(`${platform}: ${name}`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("connections-notice")).toHaveText("1 connection deleted.");
  await expect(row(page, name)).toHaveCount(0);
}

for (const js of [true, false]) {
  test.describe(`cloud connections, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("AWS: account id, required fields, a refused role, verify, save, collect, tree, delete", async ({ page }) => {
      const name = `aws-e2e-${js ? "js" : "nojs"}`;
      await open(page, js);
      await expect(page.getByTestId("connection-instructions")).toBeVisible();
      await expect(page.getByTestId("max-refresh-age")).toHaveText("Recommendations are shown for services analysed within the last 30 days.");
      await addMenu(page, "aws");
      await expect(dialog(page).getByTestId("provider-account-id")).toHaveText("999999999999");
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByTestId("error-externalId")).toHaveText("External ID field is required");
      await expect(dialog(page).getByTestId("error-roleArn")).toHaveText("Role ARN field is required");
      await dialog(page).getByLabel("External ID").fill("wrong-id");
      await dialog(page).getByLabel("Role ARN").fill("arn:aws:iam::123456789012:role/kubex-read");
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByTestId("dialog-error")).toContainText("not authorized to perform: sts:AssumeRole");
      await dialog(page).getByLabel("External ID").fill("ext-0042");
      await dialog(page).getByLabel("Role ARN").fill("arn:aws:iam::123456789012:role/kubex-read");
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByTestId("instances-found")).toHaveText("7 instances found");
      await expect(dialog(page).getByTestId("verified-account")).toHaveText("123456789012");
      await expect(dialog(page).getByLabel("Connection Name")).toHaveValue(/^AWS-\d{8}-\d{6}$/);
      // the secrets are not in the page
      expect(await page.content()).not.toContain("ext-0042");
      await dialog(page).getByLabel("Connection Name").fill(name);
      await dialog(page).getByTestId("save").click();
      // five EC2 instances, the Auto Scaling group (its two instances are its members) and the RDS database
      await collectAndCheck(page, name, 7);
      await inTree(page, js, "AWS", "eu-west-1", name, 2);
      await inTree(page, js, "AWS", "us-east-1", name, 5);
      await deleteConnection(page, js, "AWS", name);
    });

    test("Azure: required fields, subscriptions preselected, save, collect, tree, edit with Next, delete", async ({ page }) => {
      const name = `azure-e2e-${js ? "js" : "nojs"}`;
      await open(page, js);
      await addMenu(page, "azure");
      await dialog(page).getByTestId("verify").click();
      for (const [field, text] of [
        ["connectionName", "Connection Name field is required"],
        ["applicationId", "Application ID field is required"],
        ["secretKey", "Secret Key field is required"],
        ["tenantId", "Tenant ID field is required"],
      ]) {
        await expect(dialog(page).getByTestId(`error-${field}`)).toHaveText(text);
      }
      await dialog(page).getByLabel("Connection Name").fill(name);
      await dialog(page).getByLabel("Application ID").fill("aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee");
      await dialog(page).getByLabel("Secret Key").fill("azure-s3cret");
      await dialog(page).getByLabel("Tenant ID").fill("11111111-2222-3333-4444-555555555555");
      await dialog(page).getByTestId("verify").click();
      const subs = dialog(page).getByTestId("subscription-row");
      await expect(subs).toHaveCount(3);
      for (const s of await subs.all()) await expect(s.getByRole("checkbox")).toBeChecked();
      await dialog(page).getByRole("checkbox", { name: "Collect Contoso Sandbox" }).uncheck();
      await dialog(page).getByTestId("save").click();
      await collectAndCheck(page, name, 4);
      await expect(row(page, name).getByRole("cell").nth(3)).toHaveText("2");
      await inTree(page, js, "AZURE", "westeurope", "Contoso Production", 1);

      await open(page, js);
      await row(page, name).getByRole("link", { name, exact: true }).click();
      await expect(dialog(page).getByLabel("Connection Name")).toBeDisabled();
      await expect(dialog(page).getByLabel("Application ID")).toBeDisabled();
      await expect(dialog(page).getByLabel("Tenant ID")).toBeDisabled();
      await expect(dialog(page).getByTestId("verify")).toHaveText("Next");
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByRole("row", { name: /Contoso Production/ })).toContainText("Loaded");
      await expect(dialog(page).getByRole("checkbox", { name: "Collect Contoso Production" })).toBeChecked();
      await expect(dialog(page).getByRole("checkbox", { name: "Collect Contoso Sandbox" })).toBeChecked();
      await dialog(page).getByTestId("save").click();
      await expect(page.getByTestId("connections-notice")).toContainText(`Connection "${name}" saved`);
      await expect(row(page, name).getByRole("cell").nth(3)).toHaveText("3");
      await deleteConnection(page, js, "Azure", name);
    });

    test("GCP: a key file is required, verify, save, collect, tree, delete", async ({ page }) => {
      const name = `gcp-e2e-${js ? "js" : "nojs"}`;
      await open(page, js);
      await addMenu(page, "gcp");
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByTestId("error-keyFile")).toHaveText("Service Account Key field is required");
      await dialog(page).getByLabel("Service Account Key (JSON)").setInputFiles(GCP_KEY);
      await dialog(page).getByTestId("verify").click();
      await expect(dialog(page).getByTestId("instances-found")).toHaveText("4 instances found");
      await expect(dialog(page).getByTestId("verified-account")).toHaveText("kubex-demo-project");
      expect(await page.content()).not.toContain("PRIVATE KEY");
      await dialog(page).getByLabel("Connection Name").fill(name);
      await dialog(page).getByTestId("save").click();
      await collectAndCheck(page, name, 3);
      await inTree(page, js, "GCP", "us-central1", name, 2);
      await deleteConnection(page, js, "GCP", name);
    });
  });
}

test.describe("cloud connections for an analyst", () => {
  test.use({ storageState: STATE.analyst });
  test("sees the grid, disabled Add and Delete with the permission texts, no instructions and no dialogs", async ({ page }) => {
    await page.goto(`${PAGE}?add=aws`);
    await hydrated(page);
    await expect(page.getByTestId("add-connection")).toBeDisabled();
    await expect(page.getByTestId("delete-connections")).toBeDisabled();
    await expect(page.locator("#add-tip")).toHaveText("You don't have permission to add or edit connections. Please contact your administrator if you need access");
    await expect(page.locator("#delete-tip")).toHaveText("You don't have permission to delete connections. Please contact your administrator if you need access");
    await expect(page.getByTestId("connection-instructions")).toHaveCount(0);
    await expect(page.getByTestId("connection-dialog")).toHaveCount(0);
  });
});
