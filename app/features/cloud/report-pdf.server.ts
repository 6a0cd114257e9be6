/**
 * The impact analysis report drawn as a PDF with pdfkit: text in the standard Helvetica fonts (nothing to fetch
 * or embed) and the learned-pattern charts as vector paths, so the file is small, prints sharply and its text can
 * be searched and copied.
 */
import PDFDocument from "pdfkit";
import { scaleBand, scaleLinear } from "d3-scale";
import type { WorkloadChart } from "~/engine/cloud";

export interface PolicyResult {
  ok: boolean;
  descriptions: string[];
}

export interface ReportTypeColumn {
  instanceType: string;
  vcpus: number | null;
  memoryGiB: number | null;
  /** On-demand $ per hour for the service's OS in the priced region. */
  hourlyPrice: number | null;
  /** $ per month at the predicted uptime (× instances). */
  monthlyCost: number | null;
  overallResult: string | null;
  sufficient: PolicyResult | null;
  compatible: PolicyResult | null;
  tolerance: PolicyResult | null;
}

export interface ReportContent {
  system: string;
  provider: string;
  serviceType: string;
  region: string;
  account: string;
  objectId: string;
  os: string;
  generatedAt: Date;
  summary: {
    recommendation: string;
    reason: string;
    effort: string;
    currentCost: number | null;
    recommendedCost: number | null;
    savings: number | null;
    savingsPercent: number | null;
    uptimePct: number | null;
  };
  spendTolerance: string;
  /** Scale groups (ASG): the group sizes beside the per-instance type columns. */
  group: { current: string; recommended: string } | null;
  current: ReportTypeColumn | null;
  recommended: ReportTypeColumn | null;
  charts: WorkloadChart[];
  /** Why there are no charts (learning, too little data), when there are none. */
  chartsNote: string | null;
  prices: { dataset: string; asOf: string; region: string; fallback: boolean } | null;
}

const INK = "#0f172a";
const MUTED = "#64748b";
const RULE = "#cbd5e1";
const ACCENT = "#0369a1";
const BOX_FILL = "#bae6fd";
const BOX_STROKE = "#0369a1";
const MEDIAN = "#0c4a6e";
const LINES = {
  sustained: { color: "#7c3aed", dash: null as number | null, label: "Sustained Limit" },
  peak: { color: "#c026d3", dash: 4, label: "Peak Limit" },
  average: { color: "#334155", dash: 1.5, label: "Average Limit" },
  memory: { color: "#0f766e", dash: 4, label: "Memory Limit" },
};
const OK = "#15803d";
const FAIL = "#b91c1c";

/**
 * The standard fonts speak WinAnsi only: arrows and comparison signs become ASCII and anything else outside
 * Latin-1 a question mark, so no text comes out as mojibake.
 */
export function pdfText(s: string): string {
  return s
    .replace(/→/g, "->")
    .replace(/←/g, "<-")
    .replace(/≥/g, ">=")
    .replace(/≤/g, "<=")
    .replace(/≈/g, "~")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\t\n\r\u0020-\u00ff\u2013\u2014\u2022\u2026\u20ac]/g, "?");
}

const money = (v: number | null) =>
  v === null ? "-" : `${v < 0 ? "-" : ""}$${Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const num = (v: number | null, d = 2) => (v === null ? "-" : String(Math.round(v * 10 ** d) / 10 ** d));
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string) {
  ensure(doc, 40);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.font("Helvetica-Bold").fontSize(13).fillColor(ACCENT).text(pdfText(text), doc.page.margins.left, y);
  doc
    .moveTo(doc.page.margins.left, doc.y + 2)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.5);
  doc.fillColor(INK);
}

/** A new page when fewer than `h` points are left above the bottom margin. */
function ensure(doc: Doc, h: number) {
  if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Label–value rows; the value wraps in its column. */
function keyValues(doc: Doc, rows: [string, string][], labelWidth = 150) {
  const x = doc.page.margins.left;
  const w = contentWidth(doc) - labelWidth;
  for (const [k, v] of rows) {
    doc.font("Helvetica").fontSize(10);
    const h = Math.max(doc.heightOfString(pdfText(v), { width: w }), 12);
    ensure(doc, h + 4);
    const y = doc.y;
    doc.font("Helvetica-Bold").fillColor(MUTED).text(pdfText(k), x, y, { width: labelWidth - 8 });
    doc.font("Helvetica").fillColor(INK).text(pdfText(v), x + labelWidth, y, { width: w });
    doc.y = y + h + 4;
  }
}

interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
  /** Smaller lines under the text. */
  notes?: string[];
}

/** A table with a header row; every row as tall as its tallest cell. */
function table(doc: Doc, widths: number[], header: string[], rows: Cell[][]) {
  const x0 = doc.page.margins.left;
  const pad = 4;
  const cellHeight = (c: Cell, w: number) => {
    doc.font(c.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    let h = doc.heightOfString(pdfText(c.text), { width: w - 2 * pad });
    doc.font("Helvetica").fontSize(8.5);
    for (const n of c.notes ?? []) h += doc.heightOfString(pdfText(`• ${n}`), { width: w - 2 * pad }) + 1;
    return h;
  };
  const draw = (cells: Cell[], fill?: string) => {
    const h = Math.max(...cells.map((c, i) => cellHeight(c, widths[i]))) + 2 * pad;
    ensure(doc, h);
    const y = doc.y;
    if (fill) doc.rect(x0, y, widths.reduce((a, b) => a + b, 0), h).fill(fill);
    let x = x0;
    cells.forEach((c, i) => {
      doc.font(c.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10).fillColor(c.color ?? INK);
      doc.text(pdfText(c.text), x + pad, y + pad, { width: widths[i] - 2 * pad });
      doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
      for (const n of c.notes ?? []) doc.text(pdfText(`• ${n}`), x + pad, doc.y + 1, { width: widths[i] - 2 * pad });
      x += widths[i];
    });
    doc
      .moveTo(x0, y + h)
      .lineTo(x0 + widths.reduce((a, b) => a + b, 0), y + h)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + h;
    doc.fillColor(INK);
  };
  draw(
    header.map((t) => ({ text: t, bold: true })),
    "#f1f5f9",
  );
  for (const r of rows) draw(r);
  doc.x = x0;
}

const yesNo = (p: PolicyResult | null): Cell =>
  p === null ? { text: "-" } : { text: p.ok ? "Yes" : "No", color: p.ok ? OK : FAIL, bold: true, notes: p.descriptions };

/** One hour-of-day box plot: Q1–Sustained boxes, Min–Peak whiskers, median ticks, the chart's limit lines. */
function boxChart(doc: Doc, chart: WorkloadChart, x: number, y: number, w: number, h: number) {
  doc.font("Helvetica-Bold").fontSize(9.5).fillColor(INK).text(pdfText(chart.title), x, y, { width: w, lineBreak: false });
  const top = y + 16;
  const left = x + 30;
  const right = x + w - 4;
  const bottom = top + h - 34;
  const percent = chart.yAxisLabel === "%";
  const rows = chart.rows;
  const highs = rows.map((r) => r.high ?? 0);
  const max = percent ? 100 : Math.max(1, chart.limits.upperLimit ?? 0, ...highs);
  const ys = scaleLinear()
    .domain([chart.limits.lowerLimit !== null && !percent ? Math.min(0, chart.limits.lowerLimit) : 0, max])
    .range([bottom, top])
    .nice(4)
    .clamp(true);
  const xs = scaleBand<number>()
    .domain(rows.map((r) => r.hour))
    .range([left, right])
    .paddingInner(0.3)
    .paddingOuter(0.15);

  doc.lineWidth(0.4).strokeColor(RULE);
  doc.font("Helvetica").fontSize(7).fillColor(MUTED);
  for (const t of ys.ticks(4)) {
    doc.moveTo(left, ys(t)).lineTo(right, ys(t)).stroke();
    doc.text(String(t), x, ys(t) - 3.5, { width: 26, align: "right", lineBreak: false });
  }
  doc.lineWidth(0.8).strokeColor(MUTED).moveTo(left, bottom).lineTo(right, bottom).stroke();
  for (const r of rows) {
    if (r.hour % 3 === 0) doc.fillColor(MUTED).text(String(r.hour), xs(r.hour)! - 4, bottom + 3, { width: xs.bandwidth() + 8, align: "center", lineBreak: false });
  }
  doc.text(`Hour of day (UTC) · ${chart.yAxisLabel}`, left, bottom + 13, { width: right - left, align: "center", lineBreak: false });

  const bw = xs.bandwidth();
  for (const r of rows) {
    if (r.q1 === null || r.q3 === null || r.low === null || r.high === null || r.median === null) continue;
    const cx = xs(r.hour)! + bw / 2;
    doc.lineWidth(0.7).strokeColor(BOX_STROKE).moveTo(cx, ys(r.high)).lineTo(cx, ys(r.q3)).moveTo(cx, ys(r.q1)).lineTo(cx, ys(r.low)).stroke();
    doc
      .moveTo(cx - bw / 4, ys(r.high))
      .lineTo(cx + bw / 4, ys(r.high))
      .moveTo(cx - bw / 4, ys(r.low))
      .lineTo(cx + bw / 4, ys(r.low))
      .stroke();
    const top3 = ys(r.q3);
    doc
      .rect(xs(r.hour)!, top3, bw, Math.max(0.8, ys(r.q1) - top3))
      .lineWidth(0.7)
      .fillAndStroke(BOX_FILL, BOX_STROKE);
    doc.lineWidth(1.4).strokeColor(MEDIAN).moveTo(xs(r.hour)!, ys(r.median)).lineTo(xs(r.hour)! + bw, ys(r.median)).stroke();
  }
  const line = (value: number | null, style: { color: string; dash: number | null }) => {
    if (value === null || !(value >= ys.domain()[0] && value <= ys.domain()[1])) return;
    doc.save().lineWidth(1).strokeColor(style.color);
    if (style.dash) doc.dash(style.dash, { space: style.dash });
    doc.moveTo(left, ys(value)).lineTo(right, ys(value)).stroke();
    doc.undash().restore();
  };
  if (percent) {
    const isMemory = chart.limits.memLimit !== null;
    if (isMemory) line(chart.limits.memLimit, LINES.memory);
    else {
      line(chart.limits.sustainedLimit, LINES.sustained);
      line(chart.limits.peakLimit, LINES.peak);
    }
  }
  line(chart.limits.averageLimit, LINES.average);
  doc.fillColor(INK);
}

function chartLegend(doc: Doc, x: number, y: number) {
  const items: [string, () => void][] = [
    ["Box: Q1 to Sustained (p75), whiskers Min to Peak, bar Median", () => doc.rect(x, y + 1, 10, 7).lineWidth(0.7).fillAndStroke(BOX_FILL, BOX_STROKE)],
  ];
  let cx = x;
  for (const [label, swatch] of items) {
    swatch();
    doc.font("Helvetica").fontSize(8).fillColor(MUTED).text(label, cx + 14, y, { lineBreak: false });
    cx += 14 + doc.widthOfString(label) + 14;
  }
  let lx = x;
  const ly = y + 13;
  for (const s of [LINES.average, LINES.sustained, LINES.peak, LINES.memory]) {
    doc.save().lineWidth(1.2).strokeColor(s.color);
    if (s.dash) doc.dash(s.dash, { space: s.dash });
    doc.moveTo(lx, ly + 4).lineTo(lx + 18, ly + 4).stroke();
    doc.undash().restore();
    doc.fillColor(MUTED).text(s.label, lx + 22, ly, { lineBreak: false });
    lx += 22 + doc.widthOfString(s.label) + 16;
  }
  doc.fillColor(INK);
}

/** The report as PDF bytes. */
export function renderReportPdf(r: ReportContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 48, bottom: 56, left: 48, right: 48 },
    bufferPages: true,
    info: {
      Title: pdfText(`Impact Analysis Report: ${r.system}`),
      Author: "Kubex",
      Subject: pdfText(`${r.provider} ${r.serviceType} ${r.objectId}`),
      CreationDate: r.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const x0 = doc.page.margins.left;
  const width = contentWidth(doc);

  doc.font("Helvetica-Bold").fontSize(20).fillColor(INK).text("Impact Analysis Report", x0, doc.y);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(ACCENT).text(pdfText(r.system));
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(pdfText(`${r.provider} ${r.serviceType} · ${r.region} · ${r.os} · account ${r.account}`))
    .text(pdfText(`Object ID: ${r.objectId}`))
    .text(`Generated ${utc(r.generatedAt)}`);
  doc.fillColor(INK);

  heading(doc, "Optimization Summary");
  const s = r.summary;
  keyValues(doc, [
    ["Recommendation", s.recommendation],
    ["Reason", s.reason],
    ["Effort", s.effort],
    ["Current monthly cost", money(s.currentCost)],
    ["Recommended monthly cost", money(s.recommendedCost)],
    [
      "Estimated monthly savings",
      s.savings === null ? "-" : `${money(s.savings)} (${num(s.savingsPercent, 0)}%)${s.savings < 0 ? ": an extra cost, to remove the risk of too little capacity" : ""}`,
    ],
    ["Predicted uptime", s.uptimePct === null ? "-" : `${num(s.uptimePct, 1)}% (costs are per month of 730 hours at this uptime)`],
  ]);

  heading(doc, "Current vs Recommended");
  const col = (c: ReportTypeColumn | null, pick: (c: ReportTypeColumn) => Cell): Cell => (c ? pick(c) : { text: "-" });
  const both = (label: string, pick: (c: ReportTypeColumn) => Cell): Cell[] => [{ text: label, bold: true, color: MUTED }, col(r.current, pick), col(r.recommended, pick)];
  const labelW = 130;
  const half = (width - labelW) / 2;
  table(
    doc,
    [labelW, half, half],
    ["", "Current", "Recommended"],
    [
      both("Instance type", (c) => ({ text: c.instanceType, bold: true })),
      both("vCPUs", (c) => ({ text: num(c.vcpus, 0) })),
      both("Memory", (c) => ({ text: c.memoryGiB === null ? "-" : `${num(c.memoryGiB, 2)} GB` })),
      both("Price", (c) => ({ text: c.hourlyPrice === null ? "-" : `$${c.hourlyPrice.toFixed(4)} per hour` })),
      both(r.group ? "Monthly cost per instance" : "Monthly cost", (c) => ({ text: money(c.monthlyCost) })),
      ...(r.group ? [[{ text: "Group size", bold: true, color: MUTED }, { text: r.group.current }, { text: r.group.recommended }]] : []),
      both("Overall Result", (c) => ({ text: c.overallResult ?? "-" })),
      both("Sufficient Resources", (c) => yesNo(c.sufficient)),
      both("Technically Compatible", (c) => yesNo(c.compatible)),
      both("Within Spend Tolerance", (c) => yesNo(c.tolerance)),
    ],
  );
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(pdfText(`Spend tolerance ${r.spendTolerance}. vCPU performance figures are the catalog's relative estimates, not SPEC results.`), x0, doc.y + 4, { width });
  doc.fillColor(INK);

  // Keep the heading with the first row of charts.
  if (r.charts.length) ensure(doc, 250);
  heading(doc, "Learned Workload Patterns");
  if (r.charts.length === 0) {
    doc.font("Helvetica").fontSize(10).text(pdfText(r.chartsNote ?? "No Data Available"), x0, doc.y, { width });
  } else {
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text("Each hour of a predicted day (UTC) as learned from the analysis window; Recommended charts show the same work on the recommended type.", x0, doc.y, { width });
    doc.moveDown(0.4);
    const gap = 16;
    const cw = (width - gap) / 2;
    const ch = 170;
    for (let i = 0; i < r.charts.length; i += 2) {
      ensure(doc, ch + 8);
      const y = doc.y;
      boxChart(doc, r.charts[i], x0, y, cw, ch);
      if (r.charts[i + 1]) boxChart(doc, r.charts[i + 1], x0 + cw + gap, y, cw, ch);
      doc.y = y + ch + 8;
    }
    ensure(doc, 30);
    chartLegend(doc, x0, doc.y);
    doc.y += 30;
  }

  heading(doc, "Prices");
  const p = r.prices;
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .fillColor(INK)
    .text(
      pdfText(
        p
          ? `${p.dataset}, as of ${p.asOf}; on-demand ${r.os} prices of ${p.region}${p.fallback ? ` (the catalog has none for ${r.region})` : ""}.`
          : "No price catalog is shipped for this service.",
      ),
      x0,
      doc.y,
      { width },
    );
  doc.moveDown(0.3).fillColor(MUTED).text(`Report generated ${utc(r.generatedAt)} by Kubex.`, x0, doc.y, { width });

  // Footers last, on every page (the bottom margin set aside, or pdfkit would start a new page for them).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(pdfText(`${r.system} · Impact Analysis Report · page ${i + 1} of ${range.count}`), x0, doc.page.height - 34, { width, align: "center", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
