import { Card, Metric } from "~/components/ui/tremor";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";
import { formatCount, formatCurrency } from "~/lib/format";

type Totals = NodeGroupGridData["totals"];

function MoneyCard({ id, title, value, caption, tone }: { id: string; title: string; value: string; caption: React.ReactNode; tone?: string }) {
  return (
    <Card role="region" className="p-4" aria-labelledby={`node-money-${id}`}>
      <h3 id={`node-money-${id}`} className="muted text-xs font-semibold uppercase">
        {title}
      </h3>
      <Metric className={`mt-1 text-2xl ${tone ?? ""}`} data-testid={`node-money-${id}`}>
        {value}
      </Metric>
      <p className="muted mt-1 text-sm">{caption}</p>
    </Card>
  );
}

/**
 * The node screens' card row (issue 14, money first): what the node groups in scope cost now, what they would cost
 * on their optimised types, the difference, and how many groups are at risk. Current − Optimized = Waste: a group
 * without an optimised type (GPU groups, no candidate) counts at its current cost on both sides.
 */
export function NodeMoneyCards({ totals }: { totals: Totals }) {
  const pct = totals.currentCost > 0 ? ` (${((totals.waste / totals.currentCost) * 100).toFixed(1)}%)` : "";
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 xl:grid-cols-4 xl:gap-4" data-testid="node-money-cards">
      <MoneyCard
        id="current"
        title="Current Cost"
        value={formatCurrency(totals.currentCost)}
        caption={
          <>
            /month for {formatCount(totals.groups)} node groups
            {totals.unpricedGroups ? `; ${formatCount(totals.unpricedGroups)} without a catalog price not included` : ""}
          </>
        }
      />
      <MoneyCard id="optimized" title="Optimized Cost" value={formatCurrency(totals.optimizedCost)} caption="/month on the optimized node types and counts" />
      <MoneyCard id="waste" title="Waste" value={formatCurrency(totals.waste)} tone="text-amber-700 dark:text-amber-300" caption={`/month: current − optimized${pct}`} />
      <MoneyCard
        id="risk"
        title="Groups at Risk"
        value={formatCount(totals.highRiskGroups)}
        tone={totals.highRiskGroups ? "text-red-700 dark:text-red-300" : undefined}
        caption={`High Risk; ${formatCount(totals.mediumRiskGroups)} Medium Risk`}
      />
    </div>
  );
}
