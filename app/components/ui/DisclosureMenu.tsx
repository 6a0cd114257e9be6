import type { ReactNode } from "react";
import { useDisclosureMenu } from "./useDisclosureMenu";

/**
 * A menu button and its panel as a `<details>` element (see useDisclosureMenu): it opens and closes without
 * JavaScript, keeps its state through hydration, and with JavaScript closes on a click outside, Escape, a choice
 * or a navigation.
 */
export function DisclosureMenu({
  summary,
  summaryClassName = "btn cursor-pointer list-none [&::-webkit-details-marker]:hidden",
  summaryLabel,
  summaryTestId,
  panelClassName,
  className = "relative",
  testId,
  children,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  /** An accessible name for the button when its content is not text enough. */
  summaryLabel?: string;
  summaryTestId?: string;
  panelClassName: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useDisclosureMenu();
  return (
    <details ref={ref} className={className} data-testid={testId}>
      <summary className={summaryClassName} aria-label={summaryLabel} data-testid={summaryTestId}>
        {summary}
      </summary>
      <div className={panelClassName}>{children}</div>
    </details>
  );
}
