import { Link } from "@remix-run/react";
import type { HelpLink } from "~/features/help/help.server";
import { HELP_BASE } from "~/features/help/context";
import { HelpSearch } from "./HelpSearch";

function PageList({ pages }: { pages: HelpLink[] }) {
  return (
    <ul className="space-y-3">
      {pages.map((p) => (
        <li key={p.slug}>
          <Link to={`${HELP_BASE}/${p.slug}`} className="font-medium text-sky-700 hover:underline dark:text-sky-300">
            {p.title}
          </Link>
          <p className="text-sm text-slate-700 dark:text-slate-300">{p.answers}</p>
        </li>
      ))}
    </ul>
  );
}

/** The Help index (decision 026): the search and every screen's page by area. */
export function HelpIndex({ query, results, groups }: { query: string; results: HelpLink[] | null; groups: { group: string; pages: HelpLink[] }[] }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 p-4" data-testid="help-index">
      <p className="text-base">
        What each screen answers, what its figures mean and how they are computed, and what you can do there. Every screen&apos;s Help menu opens its own page.
      </p>
      <HelpSearch query={query} />
      {results ? (
        <section className="card" aria-labelledby="help-results" data-testid="help-results">
          <h2 id="help-results" className="mb-2 font-semibold">
            {results.length ? `${results.length} ${results.length === 1 ? "page" : "pages"} for “${query}”` : `No help page matches “${query}”`}
          </h2>
          <PageList pages={results} />
        </section>
      ) : null}
      {groups.map((g) => (
        <section key={g.group} className="card" aria-labelledby={`help-group-${g.group.replace(/\W+/g, "-")}`}>
          <h2 id={`help-group-${g.group.replace(/\W+/g, "-")}`} className="mb-2 font-semibold">
            {g.group}
          </h2>
          <PageList pages={g.pages} />
        </section>
      ))}
    </div>
  );
}
