/**
 * GET /CIRBA/api/v2/systems/{entityId}/analysis-report (spec document 3, sections 2.5, 6, 7 and 8): one cloud
 * service's impact analysis report as a PDF, made on the server from the same on-demand analysis as the Catalog
 * Map and the stored detail row. Sign-in by session cookie or bearer token, as the GraphQL API accepts; 401
 * without, 404 for an unknown service, 400 for a VM Scale Set (the spec offers no report for VMSS).
 */
import { getStore } from "~/db/db.server";
import { catalogSourceOf } from "~/engine/catalog";
import { CATALOG_SERVICE, CLOUD_DEFAULT_POLICY, instanceInfo, workloadCharts, type CloudServiceAnalysis, type InstanceInfo } from "~/engine/cloud";
import { HOURS_PER_MONTH, isGroupService } from "~/engine/cloud/constants";
import { minMaxText } from "~/domain/cloud/detail";
import { priceOf } from "~/engine/cloud/score";
import { cloudServiceById } from "~/models/cloud-analysis.server";
import { cloudEntityAnalysis } from "~/models/cloud-entity.server";
import { getRequestUser } from "~/models/request-user.server";
import { contentDisposition, REPORT_TEXT, reportFileName, reportOffered } from "./report";
import { renderReportPdf, type ReportContent, type ReportTypeColumn } from "./report-pdf.server";

const TEXT_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
const fail = (status: number, text: string, headers: Record<string, string> = {}) => new Response(text, { status, headers: { ...TEXT_HEADERS, ...headers } });

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const groupText = (v: number | null) => (v === null ? "-" : `${Math.round(v * 100) / 100} instances`);

function column(analysis: CloudServiceAnalysis, type: string | null, tolerance: number): ReportTypeColumn | null {
  if (!type) return null;
  const ctx = analysis.scoring;
  const info: InstanceInfo | null = ctx ? instanceInfo(analysis, type, tolerance) : null;
  const i = ctx?.rc.byName.get(type);
  const hourly = ctx && i !== undefined ? priceOf(ctx, i) : NaN;
  const candidate = type === analysis.current?.name ? analysis.current : type === analysis.recommended?.name ? analysis.recommended : null;
  const instances = ctx?.instances ?? 1;
  const uptime = ctx?.uptime ?? null;
  return {
    instanceType: type,
    vcpus: info?.numCpus ?? candidate?.vcpus ?? null,
    memoryGiB: info?.totalMemory ?? candidate?.memoryGiB ?? null,
    hourlyPrice: Number.isNaN(hourly) ? null : hourly,
    monthlyCost: info?.cost != null ? Math.round(info.cost * 100) / 100 : uptime !== null && !Number.isNaN(hourly) ? Math.round(hourly * HOURS_PER_MONTH * uptime * instances * 100) / 100 : null,
    overallResult: info?.overallResult ?? null,
    sufficient: info ? { ok: info.sufficientResources, descriptions: info.sufficientResourceViolationDescriptions } : null,
    compatible: info ? { ok: info.technicallyCompatible, descriptions: info.technicalCompatibleViolationDescriptions } : null,
    tolerance: info ? { ok: info.withinSpendTolerance, descriptions: info.spendToleranceDescriptions } : null,
  };
}

/** Everything the report shows, from the stored detail row (the figures the grid shows) and the analysis behind it. */
export async function reportContent(entityId: string, generatedAt: Date): Promise<{ content: ReportContent; fileName: string; serviceType: string } | null> {
  const store = await getStore();
  const found = await cloudEntityAnalysis(store, entityId);
  if (!found) return null;
  const { analysis, service } = found;
  const r = analysis.result;
  const detail = await cloudServiceById(store.db, entityId);
  const policy = CLOUD_DEFAULT_POLICY.values;
  const tolerance = analysis.scoring?.spendTolerance ?? policy.spendTolerance;
  const terminate = r.recommendation === "Terminate";
  const charts = workloadCharts(analysis, policy);
  const catalog = catalogSourceOf(r.cloudProvider, CATALOG_SERVICE[r.serviceType]);
  const pricedRegion = analysis.scoring?.rc.region ?? r.pricedRegion;
  const content: ReportContent = {
    system: service.name,
    provider: r.cloudProvider,
    serviceType: r.serviceType,
    region: r.region,
    account: `${service.account_name} (${service.account_id})`,
    objectId: service.id,
    os: r.os,
    generatedAt,
    summary: {
      recommendation: detail?.recommendation ?? r.recommendation,
      reason: plain(detail?.reasonHtml ?? r.reasonHtml),
      effort: detail?.estimatedEffort ?? r.estimatedEffort,
      currentCost: detail ? detail.currentEstimatedCost : r.currentEstimatedCost,
      recommendedCost: detail ? detail.recommendedEstimatedCost : r.recommendedEstimatedCost,
      savings: detail ? detail.estimatedSavings : r.estimatedSavings,
      savingsPercent: detail ? detail.estimatedSavingsPercent : r.estimatedSavingsPercent,
      uptimePct: r.analysed ? r.predictedUptimePct : null,
    },
    spendTolerance: tolerance < 0 ? "unlimited" : `${tolerance}x the optimal cost`,
    group: isGroupService(r.serviceType)
      ? {
          current: `${groupText(r.avgGroupSize)} on average (${detail?.minMaxGroupSize ?? minMaxText(r.minGroupSize, r.maxGroupSize)})`,
          recommended: `${groupText(r.predictedAvgGroupSize)} on average (${detail?.recommMinMaxGroupSize ?? minMaxText(r.recommMinGroupSize, r.recommMaxGroupSize)})`,
        }
      : null,
    current: column(analysis, r.existingInstanceType, tolerance),
    recommended: terminate ? null : column(analysis, r.recommendedInstanceType, tolerance),
    charts,
    chartsNote: charts.length ? null : r.relearning ? plain(r.reasonHtml) : "No learned pattern yet: the service needs more monitoring data before its workload can be charted.",
    prices: catalog && pricedRegion ? { dataset: catalog.dataset, asOf: catalog.asOf, region: pricedRegion, fallback: pricedRegion !== r.region } : null,
  };
  return { content, fileName: reportFileName(r.cloudProvider, service.name, service.id), serviceType: r.serviceType };
}

export async function analysisReportResponse(request: Request, entityId: string): Promise<Response> {
  const user = await getRequestUser(request);
  if (!user) return fail(401, REPORT_TEXT.signIn, { "WWW-Authenticate": 'Bearer realm="kubex"' });
  const id = entityId.trim();
  if (!id) return fail(404, REPORT_TEXT.notFound);
  const report = await reportContent(id, new Date());
  if (!report) return fail(404, REPORT_TEXT.notFound);
  if (!reportOffered(report.serviceType)) return fail(400, REPORT_TEXT.notOffered);
  const pdf = await renderReportPdf(report.content);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(report.fileName),
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
