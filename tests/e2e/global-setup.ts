import { chromium, type FullConfig } from "@playwright/test";
import fs from "node:fs";

export const STATE = { admin: "tests/e2e/.artifacts/admin.json", analyst: "tests/e2e/.artifacts/analyst.json" };

/** Signs both demo users in once; specs reuse the saved cookies. */
export default async function globalSetup(config: FullConfig) {
  const { baseURL, launchOptions } = config.projects[0].use;
  fs.mkdirSync("tests/e2e/.artifacts", { recursive: true });
  const browser = await chromium.launch(launchOptions);
  for (const [user, password, file] of [
    ["admin", "kubex-admin", STATE.admin],
    ["analyst", "kubex-analyst", STATE.analyst],
  ] as const) {
    const page = await browser.newPage({ baseURL });
    await page.goto("/login");
    await page.getByLabel("User name").fill(user);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/kubex\//);
    await page.context().storageState({ path: file });
    await page.close();
  }
  await browser.close();
}
