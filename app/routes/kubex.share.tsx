import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/session.server";
import { sharedPage } from "~/features/shell/share.server";

/** Share without JavaScript: the address of the page you came from, ready to copy. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return sharedPage(request);
}

export default function Share() {
  const { address, back } = useLoaderData<typeof loader>();
  return (
    <div className="p-4">
      <div className="card max-w-2xl space-y-3">
        <h2 className="font-semibold">Share this page</h2>
        <label className="label" htmlFor="share-address">Address</label>
        <input id="share-address" className="input font-mono" readOnly value={address} />
        <p className="muted text-sm">Select the address and copy it (Ctrl+C or ⌘C).</p>
        <a className="btn" href={back}>Back</a>
      </div>
    </div>
  );
}
