import crypto from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { applySecurityHeaders } from "~/lib/security-headers";
import { streamDocument } from "~/lib/document-stream.server";
import { NonceContext } from "~/components/shell/nonce";
import { ServerFragmentsContext } from "~/components/server-fragments";
import { serverFragments } from "~/lib/fragment-cache.server";
import { registerCollectionJob } from "~/analysis/cluster-connections.server";
import { getStore } from "~/db/db.server";
import { startConfiguredWebhook } from "~/features/automation/webhook.server";
import { startWarming } from "~/features/warm/warm.server";
import { type PageHandler, WARM_RENDER_ROUNDS, warmPageAddresses, warmPageRenders } from "~/features/warm/page-renders.server";
import { env } from "~/lib/env.server";

// The scheduled jobs start with the server (app/sources/schedule.server.ts): the collection and analysis of the
// connected clusters (KUBEX_COLLECT_SCHEDULE, daily at 02:00 UTC by default; nothing to do without a connection).
registerCollectionJob(getStore);
// The admission webhook's HTTPS listener, when a certificate is configured (decision 019).
startConfiguredWebhook(getStore);
// Each web process warms its caches for the default pages at start and after every analysis or collection (issue 13).
// scripts/serve.mjs takes connections once the first warm-up is over (at 500,000 containers a cold root Summary
// took 8-9 s: the first users' requests joined the warm-up).
export const firstWarmUp: Promise<void> = startWarming(getStore);

/**
 * Then, before it takes connections, the process renders the default pages a few dozen times through `handle`
 * (Remix's request handler, which scripts/serve.mjs makes from this build), so its first users do not meet code V8
 * has not optimised yet (decision 022 §1c). Never rejects: a failure is logged and the process serves anyway.
 */
export async function warmPageCode(handle: PageHandler): Promise<void> {
  const rounds = env().KUBEX_WARM_RENDERS ?? WARM_RENDER_ROUNDS;
  if (rounds === 0) return;
  try {
    const r = await warmPageRenders(handle, await warmPageAddresses(await getStore()), { rounds });
    console.log(`[kubex-warm] ${r.renders} page renders in ${Math.round(r.ms)} ms (pid ${process.pid})${r.stopped ? `, stopped by ${r.stopped}` : ""}`);
  } catch (error) {
    console.warn("[kubex-warm] rendering the default pages failed; serving without it", error);
  }
}

// scripts/serve.mjs opens and closes each request's shared reads (app/lib/request-memo.server.ts) in this build's
// module instance, where the loaders read them.
export { closeRequestMemo, openRequestMemo } from "~/lib/request-memo.server";

const ABORT_DELAY = 5_000;

/** Data requests (client navigations) get the same headers as every other response, whatever server runs us. */
export function handleDataRequest(response: Response) {
  applySecurityHeaders(response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  // One nonce per page: the only inline scripts that run are the ones rendered with it (Remix's own).
  const nonce = crypto.randomBytes(16).toString("base64");
  return streamDocument(
    <NonceContext.Provider value={nonce}>
      <ServerFragmentsContext.Provider value={serverFragments}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </ServerFragmentsContext.Provider>
    </NonceContext.Provider>,
    { status: responseStatusCode, headers: responseHeaders, nonce, waitForAll: bot, deadlineMs: ABORT_DELAY },
  );
}
