import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCloudServices } from "~/features/cloud/export.server";

/** The services grid's export (spec document 3, section 2.4): ?format=csv|xlsx and the grid's own parameters. */
export const loader = ({ request }: LoaderFunctionArgs) => exportCloudServices(request);
