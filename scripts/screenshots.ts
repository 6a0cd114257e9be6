/**
 * The README's screenshots, made from the running product so they stay current: the main screens in the dark and
 * light themes at 1440 × 900, as a new user sees them after `npm start` (the demo fleet of 2,000 containers).
 *
 *   npx tsx scripts/screenshots.ts                          # builds if needed, starts the product on a throwaway
 *                                                           # database, shoots, stops it
 *   npx tsx scripts/screenshots.ts --base http://127.0.0.1:3000   # shoots a product that is already running
 *   options: --out docs/screenshots  --user admin --password kubex-admin
 *
 * Uses Playwright's Chromium (CHROMIUM_PATH, default /usr/bin/chromium, as the end-to-end tests do).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const ZERO = "00000000-0000-0000-0000-000000000000";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The product exited (code ${child.exitCode}) before it answered.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The product did not answer at ${url} within ${seconds} s.`);
}

/** Starts the product as the end-to-end tests do (a throwaway database), with the default demo fleet's size. */
async function startProduct(): Promise<{ base: string; stop: () => void }> {
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    const built = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("The build failed.");
  }
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", KUBEX_DEMO_SIZE: "2000", KUBEX_DEMO_SEED: "42", KUBEX_FLAGS_OFF: "sandboxPlaygroundEnabled,kubexShowProductTour" },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/login`, child, 300);
  return { base, stop: () => child.kill("SIGTERM") };
}

async function signIn(page: Page, base: string, user: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel("User name").fill(user);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/kubex/);
}

async function graphql<T>(page: Page, base: string, service: string, query: string): Promise<T> {
  const res = await page.request.post(`${base}/api/graphql/${service}`, { data: { query } });
  if (!res.ok()) throw new Error(`GraphQL ${service}: HTTP ${res.status()}`);
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL ${service}: ${body.errors?.map((e) => e.message).join("; ")}`);
  return body.data;
}

/** The screens, with the entities they need picked from the API: the container and cloud service wasting most. */
async function screens(page: Page, base: string): Promise<[string, string][]> {
  const containers = await graphql<{ getContainerDetailsByViewAndFilter: { rows: { entityId: string }[] } }>(
    page,
    base,
    "containers",
    `{ getContainerDetailsByViewAndFilter(viewId: "${ZERO}", filterId: "${ZERO}", treeviewPath: "", sortField: "netSavings", sortDirection: "desc", pageSize: 1) { rows { entityId } } }`,
  ).catch(() => null);
  const cloud = await graphql<{ cloudexDetails: { entityId: string; system: string; fullPath: string; serviceType: string; relearning: boolean }[] }>(
    page,
    base,
    "cloudex",
    `{ cloudexDetails(viewId: "${ZERO}", filterId: "${ZERO}", treeviewPath: "", pageSize: 1000) { entityId system fullPath serviceType relearning } }`,
  );
  const list: [string, string][] = [
    ["containers-summary", "/kubex/containers-tree"],
    ["containers-grid", "/kubex/containers-tree?tabGroup1=analysis-details"],
    ["nodes", "/kubex/nodes-tree"],
    ["cloud-summary", "/kubex/cloud-tree"],
    ["cloud-grid", "/kubex/cloud-tree?cloudTabGroup=cloud-analysis"],
  ];
  const container = containers?.getContainerDetailsByViewAndFilter.rows[0];
  if (container) list.splice(2, 0, ["workload", `/kubex/containers-tree/tree-item?entityId=${encodeURIComponent(container.entityId)}`]);
  const ec2 = cloud.cloudexDetails.find((s) => s.serviceType === "EC2" && !s.relearning);
  if (ec2) {
    const q = new URLSearchParams({ level: "4", fullPath: `${ec2.fullPath}/${ec2.system}`, entityId: ec2.entityId, tabGroup2: "overview" });
    list.push(["cloud-service", `/kubex/cloud-tree/tree-item?${q}`], ["catalog-map", `/kubex/cloud-tree/tree-item?${q}&cloudexPage=catalog`]);
  }
  return list;
}

async function main() {
  const out = path.resolve(option("out", path.join(ROOT, "docs/screenshots")));
  const user = option("user", "admin");
  const password = option("password", "kubex-admin");
  const given = option("base", "");
  const product = given ? { base: given.replace(/\/$/, ""), stop: () => {} } : await startProduct();
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const theme of ["dark", "light"]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: "kubex_theme", value: theme, url: product.base }]);
      const page = await context.newPage();
      await signIn(page, product.base, user, password);
      for (const [name, url] of await screens(page, product.base)) {
        await page.goto(product.base + url);
        await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        const file = path.join(out, `${name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`${path.relative(process.cwd(), file)}  ${url}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    product.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

