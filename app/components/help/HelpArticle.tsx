import { Link } from "@remix-run/react";
import type { HelpLink } from "~/features/help/help.server";
import type { HelpPage } from "~/features/help/pages";
import { HELP_BASE } from "~/features/help/context";
import { HelpSearch } from "./HelpSearch";

/** One Help page (decision 026): what the screen answers, its figures and what the user can do there. */
export function HelpArticle({ page, related }: { page: HelpPage; related: HelpLink[] }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 p-4" data-testid="help-page" data-slug={page.slug}>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={HELP_BASE} className="text-sky-700 underline dark:text-sky-300">
          Help
        </Link>{" "}
        <span aria-hidden="true" className="muted">
          /
        </span>{" "}
        <span className="muted">{page.group}</span>
      </nav>
      <HelpSearch />
      <article className="card space-y-4">
        <header className="space-y-2">
          <h2 className="text-xl font-semibold">{page.title}</h2>
          <p className="text-base">{page.answers}</p>
          <p className="muted text-sm">
            <span className="font-semibold">Where: </span>
            {page.where}
          </p>
        </header>
        {page.sections.map((s) => (
          <section key={s.heading} className="space-y-2" aria-labelledby={`help-${page.slug}-${slug(s.heading)}`}>
            <h3 id={`help-${page.slug}-${slug(s.heading)}`} className="text-base font-semibold">
              {s.heading}
            </h3>
            {s.paragraphs?.map((p) => (
              <p key={p} className="text-sm leading-relaxed [overflow-wrap:anywhere]">
                {p}
              </p>
            ))}
            {s.terms ? (
              <dl className="space-y-2 text-sm">
                {s.terms.map((t) => (
                  <div key={t.term}>
                    <dt className="font-semibold">{t.term}</dt>
                    <dd className="leading-relaxed text-slate-700 dark:text-slate-300">{t.text}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {s.steps ? (
              <ol className="list-decimal space-y-1 pl-5 text-sm leading-relaxed">
                {s.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
          </section>
        ))}
      </article>
      {related.length ? (
        <nav aria-label="Related help" className="card">
          <h2 className="mb-2 text-sm font-semibold">Read next</h2>
          <ul className="space-y-1 text-sm">
            {related.map((r) => (
              <li key={r.slug}>
                <Link to={`${HELP_BASE}/${r.slug}`} className="text-sky-700 hover:underline dark:text-sky-300">
                  {r.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
