/**
 * Policies users can change (issue 15 must-show 2), with JavaScript on and off: an administrator copies a policy,
 * is told beside the field what is wrong with a value (nothing saved), saves it, assigns it to a cluster folder on
 * the tree's Policies tab (which then says why the folder has it), sees the re-analysis and the history, and
 * unassigns and deletes it again (leaving the shared e2e fleet as it was). An analyst sees it all read-only.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, topLevelLabels } from "./fixtures";
import { STATE } from "./global-setup";

async function firstCluster(page: Page) {
  await page.goto("/kubex/containers-tree?tabGroup1=policies");
  const [first] = await topLevelLabels(page);
  return first;
}

const folderUrl = (cluster: string) => `/kubex/containers-tree?fullPath=${encodeURIComponent(`System Breakdown/${cluster}`)}&tabGroup1=policies`;

/** Reloads until the latest re-analysis is done (it runs in the background after each change). */
async function reanalysed(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto("/kubex/policies");
        return page.getByTestId("reanalysis-status").textContent();
      },
      { timeout: 60_000 },
    )
    .toMatch(/^Latest re-analysis: \d+ of \d+ containers analysed again/);
}

for (const js of [true, false]) {
  test.describe(`policies with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("an administrator copies, edits (a bad value is refused beside its field), assigns, unassigns and deletes a policy; the history says who did what", async ({ page }) => {
      const name = `E2E policy ${js ? "js" : "nojs"}`;
      const cluster = await firstCluster(page);
      await page.goto("/kubex/policies");
      await page.getByRole("button", { name: "Copy Cost Saver" }).click();
      const dialog = page.getByTestId("policy-dialog");
      await expect(dialog.getByRole("heading", { name: /^Edit Copy( \d+)? of Cost Saver$/ })).toBeVisible();
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("CPU Analysis Metric").selectOption("Percentile");
      await dialog.getByLabel("CPU Percentile").fill("101");
      await dialog.getByRole("button", { name: "Save policy" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Nothing was saved: correct the fields marked below.");
      await expect(dialog.getByTestId("field-error")).toHaveText(["CPU Percentile must be a number from 50 to 100 percentile (got 101)."]);
      await expect(dialog.getByLabel("CPU Percentile")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByLabel("Name")).toHaveValue(name); // the draft is kept
      await dialog.getByLabel("CPU Percentile").fill("90");
      await dialog.getByRole("button", { name: "Save policy" }).click();
      await expect(page.getByTestId("notice")).toHaveText(`Policy "${name}" saved; its containers are being analysed again.`);
      const entry = page.getByTestId("history-entry").first();
      await expect(entry).toContainText(`admin edited ${name}`);
      await expect(entry).toContainText("CPU Percentile: 95th percentile → 90th percentile");

      // Assign it to the first cluster on the tree's Policies tab.
      await page.goto(folderUrl(cluster));
      const panel = page.getByTestId("folder-policy");
      await expect(panel.getByTestId("folder-policy-reason")).toHaveText(/No policy is assigned to this folder or a folder above it/);
      await panel.getByLabel("Assign to this folder").selectOption({ label: name });
      await panel.getByRole("button", { name: "Assign", exact: true }).click();
      await expect(page.getByTestId("folder-policy-reason")).toContainText(`${name} is assigned to this folder.`);
      await reanalysed(page);
      await expect(page.getByTestId("assignments")).toContainText(`${name} → Cluster View: ${cluster}`);
      await page.goto(folderUrl(cluster));
      await expect(page.getByTestId("folder-policy-analysed")).toContainText(`under ${name}`);

      // Unassign, delete; the history lists each step, newest first.
      await page.getByTestId("folder-policy").getByRole("button", { name: "Unassign" }).click();
      await expect(page.getByTestId("folder-policy-reason")).toHaveText(/No policy is assigned to this folder or a folder above it/);
      await reanalysed(page);
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByTestId("delete-dialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId("notice")).toHaveText(`Policy "${name}" deleted.`);
      const history = page.getByTestId("history-entry");
      await expect(history.nth(0)).toContainText(`admin deleted ${name}`);
      await expect(history.nth(1)).toContainText(`admin unassigned ${name}`);
      await expect(history.nth(1)).toContainText(`Removed from folder ${cluster}`);
      await expect(history.nth(2)).toContainText(`admin assigned ${name}`);
      await expect(history.nth(2)).toContainText(`Assigned to folder ${cluster}`);
      await reanalysed(page);
      await page.goto(folderUrl(cluster));
      await expect(page.getByTestId("folder-policy-analysed")).not.toContainText(name);
    });

    test.describe("an analyst", () => {
      test.use({ storageState: STATE.analyst });
      test("sees the policies, assignments and history read-only, with no edit controls", async ({ page }) => {
        await page.goto("/kubex/policies");
        await expect(page.getByTestId("read-only-note")).toHaveText("You can see the policies read-only; only administrators change them.");
        await expect(page.getByTestId("policy-card")).toHaveCount(4);
        await expect(page.getByRole("link", { name: "New policy" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: /^Copy / })).toHaveCount(0);
        await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
        // An address that opens the editor for an administrator shows nothing more to an analyst.
        await page.goto("/kubex/policies?edit=system-default");
        await expect(page.getByTestId("policy-dialog")).toHaveCount(0);
        await page.goto("/kubex/containers-tree?tabGroup1=policies");
        await expect(page.getByTestId("folder-policy")).toContainText("You can see the policies read-only");
        await expect(page.getByTestId("folder-policy").getByRole("button")).toHaveCount(0);
      });
    });
  });
}

test("axe finds no serious or critical violation on the Policies screen and its editor, in both themes", async ({ page, context, baseURL }) => {
  for (const theme of ["dark", "light"]) {
    await context.addCookies([{ name: "kubex_theme", value: theme, url: baseURL! }]);
    for (const url of ["/kubex/policies", "/kubex/policies?edit=cost-saver", "/kubex/policies?delete=cost-saver"]) {
      await page.goto(url);
      await hydrated(page);
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect.soft(bad, `${url} (${theme})`).toEqual([]);
    }
  }
});
