import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getRequestUser } from "~/models/request-user.server";
import { safeRedirect, signIn } from "~/features/auth/login.server";
import { CSRF_FIELD, loginCsrf } from "~/features/auth/session.server";
import { env } from "~/lib/env.server";
import { readFormPost } from "~/lib/form-post.server";

export const meta: MetaFunction = () => [{ title: "Sign in | Kubex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getRequestUser(request)) throw redirect(safeRedirect(redirectTo));
  const csrf = await loginCsrf(request);
  return data(
    { redirectTo: safeRedirect(redirectTo), demo: env().KUBEX_HIDE_DEMO_LOGIN !== "1", csrf: csrf.token },
    { headers: csrf.setCookie ? { "Set-Cookie": csrf.setCookie } : {} },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signIn(request, await readFormPost(request), context);
  const headers: Record<string, string> = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data({ error: result.error }, { status: result.status, headers });
}

export default function Login() {
  const { redirectTo, demo, csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Form method="post" className="card w-full max-w-sm space-y-4" aria-labelledby="login-title">
        <h1 id="login-title" className="text-xl font-semibold">
          Sign in to Kubex
        </h1>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <div>
          <label className="label" htmlFor="userName">
            User name
          </label>
          <input id="userName" name="userName" className="input" autoComplete="username" required maxLength={100} />
        </div>
        <div>
          <label className="label" htmlFor="password">
            Password
          </label>
          <input id="password" name="password" type="password" className="input" autoComplete="current-password" required />
        </div>
        {actionData?.error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        {demo ? (
          <p className="muted text-xs">
            Demo sign-in: <code>admin</code> / <code>kubex-admin</code> (administrator) or <code>analyst</code> /{" "}
            <code>kubex-analyst</code>.
          </p>
        ) : null}
      </Form>
    </main>
  );
}
