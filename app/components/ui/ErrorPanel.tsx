import { SUPPORT_EMAIL, TEXT } from "~/lib/constants";

/** The full-page error panel of spec document 1, section 8. */
export function ErrorPanel({ status, detail }: { status?: number; detail?: string }) {
  return (
    <main role="alert" className="mx-auto mt-24 max-w-lg rounded-lg border border-slate-300 p-8 text-center dark:border-slate-700">
      <h1 className="text-xl font-semibold">{TEXT.sorry}</h1>
      {status && status !== 500 ? <p className="muted mt-2 text-sm">Error {status}</p> : null}
      {detail ? <p className="mt-2 text-sm">{detail}</p> : null}
      <p className="mt-4 text-sm">
        {TEXT.haveQuestions}{" "}
        <a className="text-sky-700 underline dark:text-sky-300" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      </p>
      <p className="mt-6">
        <a className="btn" href="/kubex">
          Back to the console
        </a>
      </p>
    </main>
  );
}
