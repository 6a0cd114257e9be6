import type { ReactNode } from "react";
import { Card } from "~/components/ui/tremor";

/** A label and its value in a definition list. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A titled Tremor card (a region named by its title) holding a section of an overview. */
export function Section({ title, children, testId, className = "" }: { title: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <Card role="region" className={`p-4 ${className}`} data-testid={testId} aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </Card>
  );
}
