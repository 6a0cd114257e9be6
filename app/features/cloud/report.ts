/**
 * The impact analysis report's address, file name and rules (spec document 3, sections 2.5, 6, 7 and 9), shared
 * by the route that makes the PDF and the button that downloads it. Pure.
 */
import { PRODUCT_NAME } from "~/lib/constants";

export const REPORT_TEXT = {
  button: "Download Impact Analysis Report",
  loading: "Downloading report...",
  success: "Report downloaded",
  notOffered: "The impact analysis report is not offered for VM Scale Sets (VMSS).",
  notFound: "No cloud service with this entity ID is in the current analysis.",
  signIn: "Sign in to download the impact analysis report.",
} as const;

/** Section 9: the download error notice shows 3 s; after the pointer leaves it (paused while hovered) 1.2 s more. */
export const REPORT_ERROR_NOTICE_MS = 3000;
export const REPORT_ERROR_RESUME_MS = 1200;

/** Spec 2.5 and 6: no report for VM Scale Sets. */
const NO_REPORT: ReadonlySet<string> = new Set(["VMSS", "VM Scale Set", "VMSS_SINGLE"]);
export const reportOffered = (serviceType: string) => !NO_REPORT.has(serviceType);

/** GET path of a service's report (section 7); the entity id is one path segment, so its slashes are encoded. */
export function reportPath(entityId: string): string {
  return `/CIRBA/api/v2/systems/${encodeURIComponent(entityId)}/analysis-report`;
}

/** Characters no common file system takes in a name (Windows' reserved set, control characters), and whitespace runs. */
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+|\s+/g;
const MAX_NAME = 200;

/**
 * provider_system_objectId.pdf (section 7) with every unsafe character replaced by "_" and the name kept to 200
 * characters (Azure resource ids run to ~180; file systems stop at 255 bytes).
 */
export function reportFileName(provider: string, system: string, objectId: string): string {
  const part = (s: string) => (s.trim() || "-").replace(UNSAFE, "_");
  let stem = `${part(provider)}_${part(system)}_${part(objectId)}`.replace(/_+/g, "_").replace(/^[._]+/, "");
  if (stem.length > MAX_NAME) stem = stem.slice(0, MAX_NAME);
  return `${stem || "report"}.pdf`;
}

/** Content-Disposition for a file name: an ASCII fallback plus the exact name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The file name a Content-Disposition header gives (filename* first); null when it gives none. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/**
 * The spec's request headers (section 7): the token when the caller holds one, else an empty Basic authorization
 * and the App header (the session cookie then says who is asking).
 */
export function reportHeaders(token?: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : { Authorization: "Basic ", App: PRODUCT_NAME };
}
