import type { Architecture } from "./types";

/** A published price: 0 (or missing) in the source files means "not offered", which we keep as null. */
export function priceOrNull(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text.replace(/^\$/, "").trim());
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** A required positive number, or NaN when the text is not one (the caller reports the line). */
export function positiveNumber(text: string | undefined): number {
  const n = text === undefined ? NaN : Number(text.trim());
  return Number.isFinite(n) && n > 0 ? n : NaN;
}

const ARCHITECTURES: Record<string, Architecture> = {
  x86_64: "x86_64",
  x64: "x86_64",
  amd64: "x86_64",
  i386: "i386",
  arm64: "arm64",
  aarch64: "arm64",
  x86_64_mac: "x86_64_mac",
  arm64_mac: "arm64_mac",
};

/** Normalises the providers' architecture words; null when unknown. */
export function architectureOf(text: string | undefined): Architecture | null {
  return text === undefined ? null : (ARCHITECTURES[text.trim().toLowerCase()] ?? null);
}
