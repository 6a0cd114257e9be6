import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Waterfall, type WaterfallBar } from "~/components/charts/Waterfall";
import { barFromParam, barHref, breakdownRows, cloudWaterfallBars, type CloudSummaryFigures } from "~/features/cloud/summary";
import { formatCount, formatCurrency } from "~/lib/format";

const GROUP_SWATCH: Record<number, string> = { 1: "bg-waste", 2: "bg-waste", 3: "bg-risk" };

/**
 * The Optimization Breakdown (spec document 3, section 2.3): the waterfall beside the six recommendation rows. A
 * row highlights its bar while hovered or focused; choosing it (its name, a link to ?bar=<index>) keeps the bar
 * highlighted by the address, which is also how it works without JavaScript. A row with services links to the
 * grid on the view of the same name.
 */
export function BreakdownCard({ summary, grid }: { summary: CloudSummaryFigures; grid: (gridViewId: string) => string }) {
  const { pathname, search } = useLocation();
  const [hovered, setHovered] = useState<number | null>(null);
  const chosen = barFromParam(new URLSearchParams(search).get("bar"));
  const active = hovered ?? chosen;
  const data = cloudWaterfallBars(summary);
  const bars: WaterfallBar[] = data.map((b) => ({ key: b.key, label: b.label, type: b.type, value: b.value, tooltip: b.tooltip, zeroAs: b.key === "riskRemoval" ? "increase" : "decrease" }));
  const rows = breakdownRows(summary);
  const groups = [
    { bar: 1, title: "Immediate Savings" },
    { bar: 2, title: "Additional Waste" },
    { bar: 3, title: "Risk Removal" },
  ];
  return (
    <section className="card grid gap-4 p-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-labelledby="breakdown-title" data-testid="breakdown-card" data-highlight={active ?? ""}>
      <div className="min-w-0">
        <h3 id="breakdown-title" className="mb-2 text-sm font-semibold">
          Optimization Breakdown
        </h3>
        <Waterfall
          bars={bars}
          title="Optimization Breakdown"
          bare
          barHref={(_, i) => barHref(pathname, search, chosen === i ? null : i)}
          selectedKey={chosen === null ? undefined : data[chosen].key}
          highlightKey={active === null ? undefined : data[active].key}
        />
      </div>
      <table className="w-full self-start text-sm" data-testid="breakdown-rows">
        <caption className="sr-only">Services and monthly amounts by recommendation</caption>
        <thead className="muted text-left text-xs uppercase">
          <tr>
            <th scope="col" className="py-1 font-semibold">
              Recommendation
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Services
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              $/month
            </th>
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g.bar}>
            <tr>
              <th scope="rowgroup" colSpan={3} className="pt-3 text-left text-xs font-semibold text-slate-600 dark:text-slate-300">
                <span aria-hidden="true" className={`mr-1.5 inline-block h-2.5 w-2.5 rounded-sm align-middle ${GROUP_SWATCH[g.bar]}`} />
                {g.title}
              </th>
            </tr>
            {rows
              .filter((r) => r.bar === g.bar)
              .map((r) => {
                const on = active === r.bar;
                return (
                  <tr
                    key={r.key}
                    onMouseEnter={() => setHovered(r.bar)}
                    onMouseLeave={() => setHovered(null)}
                    onFocus={() => setHovered(r.bar)}
                    onBlur={() => setHovered(null)}
                    className={`border-t border-slate-100 dark:border-slate-800 ${on ? "bg-sky-50 dark:bg-sky-950/40" : ""}`}
                    data-testid={`breakdown-${r.key}`}
                    data-bar={r.bar}
                  >
                    <th scope="row" className="py-1.5 pl-4 text-left font-normal">
                      <Link
                        to={barHref(pathname, search, chosen === r.bar ? null : r.bar)}
                        replace
                        preventScrollReset
                        aria-current={chosen === r.bar ? "true" : undefined}
                        aria-label={`${r.label}: highlight ${g.title} in the breakdown`}
                        className="hover:underline"
                        data-testid={`choose-${r.key}`}
                      >
                        {r.label}
                      </Link>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">
                      {r.gridViewId ? (
                        <Link to={grid(r.gridViewId)} className="text-sky-700 hover:underline dark:text-sky-300" aria-label={`${r.label}: ${r.count} services`} data-testid={`rows-${r.key}`}>
                          {formatCount(r.count)}
                        </Link>
                      ) : (
                        <span data-testid={`rows-${r.key}`}>{formatCount(r.count)}</span>
                      )}
                    </td>
                    <td className="py-1.5 text-right tabular-nums" data-testid={`amount-${r.key}`}>
                      {formatCurrency(r.amount)}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        ))}
      </table>
    </section>
  );
}
