/** The Help pages' loaders (decision 026): the index with its search, and one page; signed-in users only, like every screen. */
import { requireUser } from "~/features/auth/session.server";
import { HELP_GROUPS, HELP_PAGES, helpPage, type HelpPage } from "./pages";
import { MAX_HELP_QUERY, searchHelp } from "./search";

export interface HelpLink {
  slug: string;
  title: string;
  answers: string;
}

const link = (p: HelpPage): HelpLink => ({ slug: p.slug, title: p.title, answers: p.answers });

export async function loadHelpIndex(request: Request) {
  await requireUser(request);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_HELP_QUERY);
  return {
    query,
    results: query ? searchHelp(query).map(link) : null,
    groups: HELP_GROUPS.map((group) => ({ group, pages: HELP_PAGES.filter((p) => p.group === group).map(link) })),
  };
}

export async function loadHelpPage(request: Request, slug: string | undefined) {
  await requireUser(request);
  const page = slug === undefined ? undefined : helpPage(slug);
  if (!page) throw new Response(`No help page "${slug ?? ""}".`, { status: 404 });
  return { page, related: (page.related ?? []).flatMap((s) => helpPage(s) ?? []).map(link) };
}
