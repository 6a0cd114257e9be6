import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getRequestUser } from "~/models/request-user.server";
import { safeRedirect, signIn } from "~/features/auth/login.server";
import { env } from "~/lib/env.server";

export const meta: MetaFunction = () => [{ title: "Sign in | Kubex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getRequestUser(request)) throw redirect(safeRedirect(redirectTo));
  return { redirectTo: safeRedirect(redirectTo), demo: env().KUBEX_HIDE_DEMO_LOGIN !== "1" };
}

export async function action({ request }: ActionFunctionArgs) {
  const result = await signIn(request, await request.formData());
  return data({ error: result.error }, { status: result.status });
}

export default function Login() {
  const { redirectTo, demo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Form method="post" className="card w-full max-w-sm space-y-4" aria-labelledby="login-title">
        <h1 id="login-title" className="text-xl font-semibold">
          Sign in to Kubex
        </h1>
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
