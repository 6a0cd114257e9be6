import type { ReactNode } from "react";

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

export function Section({ title, children, testId, className = "" }: { title: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`card ${className}`} data-testid={testId} aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}
