import { TEXT } from "./constants";

/*
 * All number, money and date formatting in one place: en-US, currency 2 decimals, compact counts, UTC dates.
 *
 * Grouped numbers and money with fixed decimals are written out by hand (Intl's rounding of the shortest decimal
 * of the double, ties away from zero, and a comma every three digits), and so are compact numbers and UTC dates;
 * each is property-tested against Intl. A call costs about the same either way (about 1 µs), but the first Intl
 * formatter a page makes starts the browser's ICU data: 130-270 ms on Lighthouse's 4x slower CPU (the first date
 * formatter another 25-67 ms), in the task that evaluates the page's modules. Values past 1e15 (and infinities)
 * still go to an Intl formatter made on first use.
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** From here on doubles stop holding cents (and String() turns to exponents at 1e21): Intl formats them. */
const BY_HAND_LIMIT = 1e15;
const fixedFormats = new Map<number, Intl.NumberFormat>();
function intlFixed(digits: number): Intl.NumberFormat {
  let f = fixedFormats.get(digits);
  if (!f) fixedFormats.set(digits, (f = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return f;
}

/**
 * `abs` (0 <= abs < 1e15) rounded to `digits` decimals as Intl rounds: the shortest decimal that reads back as the
 * same double (what String() gives: 1.005, not toFixed's exact 1.00499999999999989...), ties away from zero.
 */
function roundedText(abs: number, digits: number): string {
  const [intPart, frac] = decimalParts(abs);
  return roundParts(intPart, frac, digits);
}

/** The integer and fraction digits of the shortest decimal of `abs` (0 <= abs < 1e21). */
function decimalParts(abs: number): [string, string] {
  // Below 1e-6 String() writes an exponent, and such a value rounds to 0 at the few decimals used here.
  const s = abs < 1e-6 ? "0" : String(abs);
  const dot = s.indexOf(".");
  return dot < 0 ? [s, ""] : [s.slice(0, dot), s.slice(dot + 1)];
}

/** Decimal digits rounded to `digits` places, ties away from zero. */
function roundParts(intPart: string, frac: string, digits: number): string {
  if (frac.length <= digits) return digits ? `${intPart}.${frac.padEnd(digits, "0")}` : intPart;
  let kept = intPart + frac.slice(0, digits);
  if (frac.charCodeAt(digits) >= 53 /* "5" */) {
    // Add one in the last kept place, carrying.
    const chars = kept.split("");
    let i = chars.length - 1;
    for (; i >= 0 && chars[i] === "9"; i--) chars[i] = "0";
    if (i >= 0) chars[i] = String.fromCharCode(chars[i].charCodeAt(0) + 1);
    else chars.unshift("1");
    kept = chars.join("");
  }
  if (!digits) return kept;
  return `${kept.slice(0, kept.length - digits)}.${kept.slice(kept.length - digits)}`;
}

/** `value` with `digits` decimals and a comma every three digits; `prefix` ("$") goes after the minus sign. */
function grouped(value: number, digits: number, prefix = ""): string {
  const text = roundedText(Math.abs(value), digits);
  const point = digits > 0 ? text.length - digits - 1 : text.length;
  let whole = text.slice(0, point);
  if (whole.length > 3) {
    let i = whole.length % 3 || 3;
    let out = whole.slice(0, i);
    for (; i < whole.length; i += 3) out += "," + whole.slice(i, i + 3);
    whole = out;
  }
  return signed(value, prefix, whole + text.slice(point));
}

/** The minus sign (also for -0 and values that round to 0, as Intl writes them), then `prefix`, then `text`. */
function signed(value: number, prefix: string, text: string): string {
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}${prefix}${text}`;
}

/** Past the hand-written range: Intl's text with `prefix` put after its minus sign. */
function viaIntl(format: Intl.NumberFormat, value: number, prefix: string): string {
  const text = format.format(value);
  return prefix ? text.replace(/^(-?)/, `$1${prefix}`) : text;
}

const COMPACT_SUFFIXES = ["", "K", "M", "B", "T"];
const compactIntl = lazy(() => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }));

/**
 * en-US compact notation with at most one decimal (1.3K, 150K, 12.3M, 999, 950.3), as Intl writes it: the value's
 * shortest decimal scaled by thousands, rounded ties away from zero, a trailing ".0" dropped, and a rounding that
 * reaches 1000 moving up a unit (999,950 is "1M").
 */
function compact(value: number, prefix = ""): string {
  const abs = Math.abs(value);
  if (abs >= BY_HAND_LIMIT || !Number.isFinite(value)) return viaIntl(compactIntl(), value, prefix);
  const [intPart, frac] = decimalParts(abs);
  let unit = Math.min(Math.floor((intPart.length - 1) / 3), COMPACT_SUFFIXES.length - 1);
  let text = "";
  for (; unit < COMPACT_SUFFIXES.length; unit++) {
    const cut = intPart.length - 3 * unit;
    const scaledInt = cut > 0 ? intPart.slice(0, cut) : "0";
    const scaledFrac = (cut > 0 ? intPart.slice(cut) : "0".repeat(-cut) + intPart) + frac;
    text = roundParts(scaledInt, scaledFrac, 1);
    if (unit === COMPACT_SUFFIXES.length - 1 || text.length < 6 /* below 1000.0 */) break;
  }
  if (text.endsWith(".0")) text = text.slice(0, -2);
  return signed(value, prefix, text + COMPACT_SUFFIXES[unit]);
}

function fixed(value: number, digits: number, prefix = ""): string {
  if (Math.abs(value) >= BY_HAND_LIMIT || !Number.isFinite(value)) return viaIntl(intlFixed(digits), value, prefix);
  return grouped(value, digits, prefix);
}

export function formatCurrency(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? "-" : fixed(value, 2, "$");
}

/** Counts under 10,000 in full (1,234); larger ones compact (12.3K). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return Math.abs(value) < 10_000 ? fixed(value, 0) : compact(value);
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "-" : shortDate(d);
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

/** en-US short date in UTC, as Intl's dateStyle "short" writes it: 11/2/26 (month/day/two-digit year). */
function shortDate(d: Date): string {
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
}

/** A UTC date and time, e.g. "11/22/26, 14:05" (hourly and 5-minute chart buckets). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "-";
  return `${shortDate(d)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/** The spec's number display: one decimal, grouped (1,234.5); "-" for null. */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return fixed(value, 1);
}

/** Container counts (spec document 2, section 9): compact from 1,000 on (1.2K), in full below. */
export function formatContainerCount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return Math.abs(value) < 1_000 ? fixed(value, 0) : compact(value);
}

/** The efficiency rating (spec document 2, section 9): two decimals. */
export function formatRating(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return value.toFixed(2);
}

/** A grouped number with exactly `digits` decimals (grid cells: whole mCores and MB, one-decimal percents, two-decimal ratings). */
export function formatFixed(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return fixed(value, digits);
}


/** Money in few characters for narrow charts: $950.25 → "$950.3", $21,030.92 → "$21K", $60,659.59 → "$60.7K", -$1,161.22 → "-$1.2K"; "-" for null. */
export function formatCurrencyCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "-";
  return compact(value, "$");
}
