import type { LoaderFunctionArgs } from "@remix-run/node";
import { analysisReportResponse } from "~/features/cloud/analysis-report.server";

/** The impact analysis report of one cloud service as a PDF (spec document 3, section 7 "Download"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return analysisReportResponse(request, params.entityId ?? "");
}
