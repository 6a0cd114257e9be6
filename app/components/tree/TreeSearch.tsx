import { Form, Link } from "@remix-run/react";
import { RiArrowLeftSLine, RiArrowRightSLine, RiCloseLine, RiSearchLine } from "@remixicon/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SEARCH_MAX, SEARCH_MIN, TEXT } from "~/lib/constants";

/**
 * Tree search as a GET form (works without JavaScript): Next finds the next node whose label contains the term,
 * Previous walks back through the hits, Stop clears it. With JavaScript the box hides behind a toggle and the
 * buttons follow the spec's enablement rules.
 */
export function TreeSearch({
  action,
  hidden,
  term,
  hitCount,
  stopHref,
}: {
  action: string;
  hidden: Record<string, string>;
  term: string;
  hitCount: number;
  stopHref: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(Boolean(term));
  const [value, setValue] = useState(term);
  const enough = value.trim().length >= SEARCH_MIN;
  if (hydrated && !open) {
    return (
      <button type="button" data-tour="tree-search" className="btn w-full justify-center" onClick={() => setOpen(true)} aria-label="Search the tree">
        <RiSearchLine aria-hidden="true" className="h-4 w-4" /> Search
      </button>
    );
  }
  return (
    <Form method="get" action={action} role="search" data-tour="tree-search" className="flex items-center gap-1">
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input
        type="search"
        name="q"
        aria-label="Search the tree"
        className="input min-w-0 flex-1"
        maxLength={SEARCH_MAX}
        placeholder={TEXT.searchPlaceholder}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      {/* Enter submits with the form's first submit button; Previous (next in line) is disabled until there are two
          hits, which made Enter do nothing. This hidden first button makes Enter mean Next. */}
      <button type="submit" name="dir" value="next" className="hidden" tabIndex={-1} aria-hidden="true" disabled={hydrated && !enough} />
      <button type="submit" name="dir" value="prev" className="btn px-2" aria-label="Previous result" disabled={hitCount <= 1}>
        <RiArrowLeftSLine aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="submit" name="dir" value="next" className="btn px-2" aria-label="Next result" disabled={hydrated && !enough}>
        <RiArrowRightSLine aria-hidden="true" className="h-4 w-4" />
      </button>
      {hydrated ? (
        <Link
          to={stopHref}
          className="btn px-2"
          aria-label="Stop searching"
          onClick={() => {
            setValue("");
            setOpen(false);
          }}
        >
          <RiCloseLine aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <Link to={stopHref} className="btn px-2" aria-label="Stop searching">
          <RiCloseLine aria-hidden="true" className="h-4 w-4" />
        </Link>
      )}
    </Form>
  );
}
