import { TEXT } from "./constants";

/** All number, money and date formatting in one place: en-US, currency 2 decimals, compact counts, UTC dates. */
const currency = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const shortDate = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeZone: "UTC" });

export function formatCurrency(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? "-" : currency.format(value);
}

/** Counts under 10,000 in full (1,234); larger ones compact (12.3K). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return Math.abs(value) < 10_000 ? whole.format(value) : compact.format(value);
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "-" : shortDate.format(d);
}

export function round(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * f) / f;
}

function mix(from: string, to: string, t: number) {
  const a = parseInt(from, 16);
  const b = parseInt(to, 16);
  const ch = (shift: number) => Math.round(((a >> shift) & 255) + (((b >> shift) & 255) - ((a >> shift) & 255)) * t);
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, "0")).join("")}`;
}

/** The spec's gradient helper: red ff8d8d→FF0000, yellow FEF3AD→FFEA00. */
export function gradientColor(kind: "red" | "yellow", percent: number): string {
  if (!(percent >= 0 && percent <= 100)) throw new Error(TEXT.percentRange);
  return kind === "red" ? mix("ff8d8d", "ff0000", percent / 100) : mix("fef3ad", "ffea00", percent / 100);
}

const shortDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" });

/** A UTC date and time, e.g. "11/22/26, 14:05" (hourly and 5-minute chart buckets). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "-" : shortDateTime.format(d);
}

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The spec's number display: one decimal, grouped (1,234.5); "-" for null. */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return oneDecimal.format(value);
}

/** Container counts (spec document 2, section 9): compact from 1,000 on (1.2K), in full below. */
export function formatContainerCount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return Math.abs(value) < 1_000 ? whole.format(value) : compact.format(value);
}

/** The efficiency rating (spec document 2, section 9): two decimals. */
export function formatRating(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return value.toFixed(2);
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/** A grouped number with exactly `digits` decimals (grid cells: whole mCores and MB, one-decimal percents, two-decimal ratings). */
export function formatFixed(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  let f = fixedFormats.get(digits);
  if (!f) fixedFormats.set(digits, (f = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return f.format(value);
}

const compactCurrency = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** Money in few characters for narrow charts: $950.25 → "$950.3", $21,030.92 → "$21K", $60,659.59 → "$60.7K", -$1,161.22 → "-$1.2K"; "-" for null. */
export function formatCurrencyCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return compactCurrency.format(value);
}
