import { Link } from "@remix-run/react";

export interface OptimisationWhyStepView {
  rule: string;
  text: string;
  chart?: string | null;
}

/**
 * "Why this recommendation" for a node group or a cloud service (issue 15): the steps from the samples to the
 * optimised type, count, price (with the catalog's source and date) and cost, in order; a step taken from the
 * samples links to its chart. Plain markup: it reads the same without JavaScript.
 */
export function OptimisationWhy({
  steps,
  chartHref,
  chartLabel,
  samePage = false,
  testId = "optimisation-why",
}: {
  steps: readonly OptimisationWhyStepView[];
  chartHref: (chart: string) => string;
  chartLabel: (chart: string) => string;
  samePage?: boolean;
  testId?: string;
}) {
  return (
    <ol className="list-decimal space-y-1 pl-6 text-sm" data-testid={testId}>
      {steps.map((s, i) => (
        <li key={i} data-rule={s.rule}>
          {s.text.charAt(0).toUpperCase() + s.text.slice(1)}
          {s.chart ? (
            <>
              {" "}
              {samePage ? (
                // A link to an anchor of this page: the browser scrolls to the chart, with or without JavaScript.
                <a href={chartHref(s.chart)} className="text-sky-700 underline dark:text-sky-300" data-testid="why-chart-link">
                  {chartLabel(s.chart)}
                </a>
              ) : (
                <Link to={chartHref(s.chart)} className="text-sky-700 underline dark:text-sky-300" data-testid="why-chart-link">
                  {chartLabel(s.chart)}
                </Link>
              )}
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
