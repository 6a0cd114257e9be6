import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Waterfall, containerWaterfallBars } from "~/components/charts/Waterfall";
import { Card } from "~/components/ui/tremor";
import { NoData } from "~/components/ui/NoData";
import type { WhatIfPageData } from "~/features/containers/what-if.server";
import { FIELD_PREFIX } from "~/features/containers/what-if-form";
import { formatCount, formatCurrency } from "~/lib/format";

const LINK = "text-sky-700 underline dark:text-sky-300";
const INPUT =
  "w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
const BUTTON = "btn-primary";

function signed(kind: "money" | "count", v: number): string {
  const text = kind === "money" ? formatCurrency(Math.abs(v)) : formatCount(Math.abs(v));
  return v > 0 ? `+${text}` : v < 0 ? `−${text}` : text;
}

/** The what-if of a folder: the form, then today's Summary figures beside the chosen policy's, with the differences. */
export function WhatIfView({ data }: { data: WhatIfPageData }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname.endsWith("/what-if");
  const params = new URLSearchParams(search);
  const keep = ["viewId", "filterId", "fullPath"].map((k) => [k, params.get(k)] as const).filter(([, v]) => v !== null) as [string, string][];
  const back = new URLSearchParams(keep);
  const editHref = (() => {
    const p = new URLSearchParams(keep);
    p.set("policy", data.question.policy ?? data.policies[0]?.name ?? "");
    p.set("edit", "1");
    return `?${p}`;
  })();
  const q = data.question;
  const errorCount = Object.keys(q.errors).length;
  return (
    <div className="space-y-4" data-testid="what-if">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold">What-if: {data.folder.level === 0 ? "All containers" : data.folder.label}</h2>
        <Link to={`/kubex/containers-tree/tree-item?${back}`} className={`text-sm ${LINK}`}>
          Back to the Summary
        </Link>
      </header>
      <p className="muted text-sm">
        Choose a policy, or edit a copy of one (it is not saved), and see this folder&apos;s Summary figures under it beside today&apos;s. Every container of the
        folder is analysed again by the same engine, on the same samples and prices as today&apos;s analysis.
      </p>
      <Card className="p-4">
        <Form method="get" className="space-y-3" aria-label="What-if policy">
          {keep.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {q.editing ? <input type="hidden" name="edit" value="1" /> : null}
          {q.editing && q.policy ? <input type="hidden" name="from" value={q.policy} /> : null}
          <div className="flex flex-wrap items-end gap-3">
            <label className="block text-sm">
              <span className="mb-1 block font-semibold">Policy</span>
              <select name="policy" defaultValue={q.policy ?? ""} className={INPUT} aria-invalid={q.errors.policy ? true : undefined} aria-describedby={q.errors.policy ? "err-policy" : undefined}>
                {q.policy === null ? <option value="">Choose a policy…</option> : null}
                {data.policies.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={BUTTON} data-testid="what-if-run">
              {busy ? "Working…" : "Show the what-if"}
            </button>
            {q.editing ? null : (
              <Link to={editHref} className={`text-sm ${LINK}`} data-testid="what-if-edit">
                Edit a copy of the policy…
              </Link>
            )}
          </div>
          {q.errors.policy ? (
            <p id="err-policy" role="alert" className="text-sm text-red-700 dark:text-red-300">
              {q.errors.policy}
            </p>
          ) : null}
          {q.editing && q.policy ? (
            <div className="space-y-3" data-testid="what-if-fields">
              <p className="muted text-sm">
                The fields start from {q.policy}; choosing another policy above starts again from its values. <Link to={editHref} className={LINK}>Start again from {q.policy}</Link>.
              </p>
              {errorCount > 0 ? (
                <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300" data-testid="what-if-errors">
                  {errorCount === 1 ? "One field needs" : `${errorCount} fields need`} a change before the what-if can run.
                </p>
              ) : null}
              {data.groups.map((g) => (
                <fieldset key={g.name} className="rounded border border-slate-200 p-3 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold">{g.label}</legend>
                  <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                    {g.parameters.map((p) => {
                      const id = `f-${p.name}`;
                      const err = q.errors[p.name];
                      return (
                        <div key={p.name} className="text-sm">
                          <label htmlFor={id} className="mb-1 block font-medium">
                            {p.label}
                            {p.unit && p.unit !== "x" ? <span className="muted font-normal"> ({p.unit})</span> : p.unit === "x" ? <span className="muted font-normal"> (×)</span> : null}
                          </label>
                          {p.options ? (
                            <select id={id} name={FIELD_PREFIX + p.name} defaultValue={q.fields[p.name]} className={INPUT} aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-err` : `${id}-help`}>
                              {p.options.map((o) => (
                                <option key={o} value={o}>
                                  {p.kind === "boolean" ? (o === "true" ? "Yes" : "No") : o}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <input
                              id={id}
                              name={FIELD_PREFIX + p.name}
                              defaultValue={q.fields[p.name]}
                              inputMode={p.kind === "hours" ? "text" : "decimal"}
                              className={INPUT}
                              aria-invalid={err ? true : undefined}
                              aria-describedby={err ? `${id}-err` : `${id}-help`}
                            />
                          )}
                          {err ? (
                            <p id={`${id}-err`} className="mt-1 text-red-700 dark:text-red-300" data-testid={`error-${p.name}`}>
                              {err}
                            </p>
                          ) : (
                            <p id={`${id}-help`} className="muted mt-1 text-xs">
                              {p.range ? `${p.range.min} to ${p.range.max}. ` : p.kind === "hours" ? "Hours 0–23, comma-separated. " : ""}
                              {p.description}
                            </p>
                          )}
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
              <button type="submit" className={BUTTON}>
                Show the what-if with these values
              </button>
            </div>
          ) : null}
        </Form>
      </Card>
      {data.today === null ? (
        <NoData text="The analysis has not run yet: there is nothing to compare with." />
      ) : data.refused ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="what-if-refused">
          {data.refused}
        </p>
      ) : data.result ? (
        <Result data={data} result={data.result} />
      ) : (
        <p className="muted text-sm">Today: {formatCount(data.today.containers)} containers, {formatCurrency(data.today.waterfall.currentSpend)} per month.</p>
      )}
    </div>
  );
}

function Result({ data, result }: { data: WhatIfPageData; result: NonNullable<WhatIfPageData["result"]> }) {
  const today = data.today!;
  return (
    <section aria-labelledby="what-if-result" className="space-y-4" data-testid="what-if-result">
      <h3 id="what-if-result" className="text-lg font-semibold">
        Today beside {result.policyName}
      </h3>
      <p className="muted text-sm">
        {formatCount(result.whatIf.containers)} containers analysed again in {(result.ms / 1000).toFixed(1)} s. Nothing is saved.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Waterfall title="Today" bars={containerWaterfallBars(today.waterfall)} />
        <Waterfall title={`What-if: ${result.policyName}`} bars={containerWaterfallBars(result.whatIf.waterfall)} />
      </div>
      <div className="overflow-x-auto" role="region" aria-label="Today beside the what-if, figure by figure" tabIndex={0}>
        <table className="w-full min-w-[28rem] text-sm" data-testid="what-if-table">
          <caption className="sr-only">Today&apos;s figures beside the what-if&apos;s, with the differences</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">
                Figure
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Today
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                What-if
              </th>
              <th scope="col" className="py-1 text-right">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {result.figures.map((f) => (
              <tr key={f.key} className="border-b border-slate-100 dark:border-slate-800" data-testid={`line-${f.key}`}>
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {f.label}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{f.kind === "money" ? formatCurrency(f.today) : formatCount(f.today)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{f.kind === "money" ? formatCurrency(f.whatIf) : formatCount(f.whatIf)}</td>
                <td className="py-1 text-right tabular-nums">
                  {signed(f.kind, f.difference)}
                  {f.percent !== null && f.difference !== 0 ? <span className="muted"> ({f.percent > 0 ? "+" : ""}{f.percent}%)</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted text-xs">Money per month. Risk counts are containers with the flag.</p>
    </section>
  );
}
