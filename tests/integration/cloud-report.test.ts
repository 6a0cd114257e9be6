/**
 * The impact analysis report over real HTTP on every store: a small demo estate is collected and analysed, then
 * GET /CIRBA/api/v2/systems/{entityId}/analysis-report is asked for with a bearer token and with the browser's
 * cookie and headers; the answer must be a PDF whose text (read back with poppler's pdftotext) names the service,
 * its types and the stored row's figures. Also the sign-in, unknown and VMSS answers, and the Catalog Map's
 * server function on the same store.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { analysisReportResponse } from "~/features/cloud/analysis-report.server";
import { loadCatalogMap } from "~/features/cloud/catalog-map.server";
import { reportFileName, reportHeaders, reportPath } from "~/features/cloud/report";
import { formatCurrency } from "~/lib/format";
import { cloudServiceById } from "~/models/cloud-analysis.server";
import { runDemoCollection } from "~/sources/collect.server";
import type { CloudexDetail } from "~/domain/cloud/detail";
import { startApi, type Api } from "./graphql-harness";
import { TEST_STORES } from "./stores";

const NOW = Date.UTC(2026, 5, 10, 13, 25);
const REPORT = /^\/CIRBA\/api\/v2\/systems\/([^/]+)\/analysis-report$/;

/** The app's report route as a server: the path's entity id decoded as Remix decodes route parameters. */
async function startReportServer(): Promise<{ url: string; close: () => Promise<void> }> {
  let base = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    const m = REPORT.exec(url.pathname);
    if (!m || req.method !== "GET") {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    analysisReportResponse(new Request(url, { headers }), decodeURIComponent(m[1])).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (e) => res.writeHead(599).end(String(e)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function pdfToText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-report-"));
  try {
    const file = path.join(dir, "report.pdf");
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(TEST_STORES)("impact analysis report and Catalog Map on $name", (testStore) => {
  let api: Api;
  let server: { url: string; close: () => Promise<void> };
  let rows: { id: string; service: string; kind: string; name: string }[];
  /** An analysed EC2 instance with a recommended type other than its own. */
  let moved: CloudexDetail;

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 7, size: 200, now: NOW, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
    server = await startReportServer();
    rows = await api.db.selectFrom("cloud_service").select(["id", "service", "kind", "name"]).orderBy("id").execute();
    const details = (await Promise.all(rows.filter((r) => r.service === "EC2").map((r) => cloudServiceById(api.db, r.id)))).filter((d): d is CloudexDetail => !!d);
    moved = details.find((d) => d.recommendedInstanceType && d.recommendedInstanceType !== d.existingInstanceType && d.recommendation !== "Keep")!;
    expect(moved, "an EC2 instance with a new type").toBeDefined();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  const get = (entityId: string, headers: Record<string, string> = {}) => fetch(`${server.url}${reportPath(entityId)}`, { headers });

  it("asks for sign-in without a session or token", async () => {
    const res = await get(moved.entityId);
    expect(res.status).toBe(401);
    expect(await res.text()).toBe("Sign in to download the impact analysis report.");
    expect((await get(moved.entityId, { Authorization: "Bearer not-a-token" })).status).toBe(401);
  });

  it("answers a PDF named provider_system_objectId.pdf whose text has the instance and its figures (bearer token)", async () => {
    const res = await get(moved.entityId, reportHeaders(api.analyst.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const fileName = reportFileName(moved.cloudProvider, moved.system, moved.vmmObjectId);
    expect(fileName).toBe(`AWS_${moved.system}_${moved.entityId}.pdf`);
    expect(res.headers.get("content-disposition")).toContain(`filename="${fileName}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfToText(bytes);
    for (const s of [
      "Impact Analysis Report",
      moved.system,
      `Object ID: ${moved.entityId}`,
      "Optimization Summary",
      moved.recommendation,
      moved.estimatedEffort,
      moved.existingInstanceType,
      moved.recommendedInstanceType!,
      formatCurrency(moved.currentEstimatedCost),
      formatCurrency(moved.recommendedEstimatedCost),
      formatCurrency(moved.estimatedSavings),
      "Sufficient Resources",
      "Technically Compatible",
      "Within Spend Tolerance",
      "Learned Workload Patterns",
      "CPU Utilization (Current)",
      "CPU Utilization (Recommended)",
      "Hour of day (UTC)",
      "as of 2026-07-20",
      "Report generated",
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).toMatch(/vCPUs\s+\d+\s+\d+/);
    expect(text).toMatch(/Price\s+\$\d+\.\d{4} per hour\s+\$\d+\.\d{4} per hour/);
    expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it("takes the browser's session cookie with the spec's blank Basic and App headers", async () => {
    const cookie = await api.sessionCookie(api.admin);
    const res = await get(moved.entityId, { ...reportHeaders(null), Cookie: cookie });
    expect(res.status).toBe(200);
    expect(pdfToText(Buffer.from(await res.arrayBuffer()))).toContain(moved.system);
  });

  it("a service id with slashes and colons travels as one encoded path segment", async () => {
    const asg = rows.find((r) => r.service === "ASG")!;
    expect(asg.id).toContain("/");
    const res = await get(asg.id, reportHeaders(api.analyst.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).not.toMatch(/filename="[^"]*[/:][^"]*"/);
    const text = pdfToText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(asg.name);
    // a scale group's report gives its group sizes beside the per-instance type
    const detail = (await cloudServiceById(api.db, asg.id))!;
    expect(text).toMatch(/Group size\s+[\d.]+ instances on average/);
    expect(text).toContain(`(Min: ${detail.minGroupSize},`);
    expect(text).toContain("In-Service Instances");
  });

  it("404 for an unknown service, 400 for a VM Scale Set", async () => {
    const unknown = await get("i-does-not-exist", reportHeaders(api.analyst.token));
    expect(unknown.status).toBe(404);
    const vmss = rows.find((r) => r.service === "VMSS")!;
    const res = await get(vmss.id, reportHeaders(api.analyst.token));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The impact analysis report is not offered for VM Scale Sets (VMSS).");
  });

  it("the Catalog Map's server function reads the address and answers map and comparison", async () => {
    const cookie = await api.sessionCookie(api.analyst);
    const ask = (q: string) => loadCatalogMap(new Request(`http://kubex.test/kubex/cloud-tree/catalog-map?${q}`, { headers: { Cookie: cookie } }), new URLSearchParams(q).get("entityId")!);
    const data = await ask(`entityId=${encodeURIComponent(moved.entityId)}&selected=${moved.recommendedInstanceType}&tolerance=2`);
    expect(data.status).toBe("ok");
    if (data.status !== "ok") return;
    expect(data.url).toMatchObject({ tolerance: 2, comparisonTolerance: 1.1, selected: moved.recommendedInstanceType });
    expect(data.map!.cells.find((c) => c.current)?.type).toBe(moved.existingInstanceType);
    expect(data.map!.cells.find((c) => c.recommended)?.type).toBe(moved.recommendedInstanceType);
    expect(data.comparison!.map((r) => r.instanceType)).toEqual([moved.existingInstanceType, moved.recommendedInstanceType, moved.recommendedInstanceType]);
    expect(data.comparison![1].info?.overallResult).toBe("Meets All Policies");
    expect(data.features.map((f) => f.id)).toContain("gpu");
    expect(data.prices).toMatchObject({ asOf: "2026-07-20" });
    expect((await ask("entityId=nope")).status).toBe("notFound");
    const asg = rows.find((r) => r.service === "ASG")!;
    expect((await ask(`entityId=${encodeURIComponent(asg.id)}`)).status).toBe("notOffered");
  });
});
