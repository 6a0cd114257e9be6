import { Link, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { RiCloseLine } from "@remixicon/react";
import { useEffect, useState } from "react";
import type { ShellData } from "~/features/shell/shell.server";
import { availableSections, parseTour, SECTIONS, tourProgress, type SectionId, type TourState } from "~/features/tour/steps";

const STEP_DELAY_MS = 300;

function href(path: string, search: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value) params.set("tour", value);
  else params.delete("tour");
  const q = params.toString();
  return `${path}${q ? `?${q}` : ""}`;
}

/**
 * The guided tour: a card addressed by ?tour=…, each Back/Next a link (so it works without JavaScript). It starts
 * once by itself: the server renders the welcome card in place on a browser's first page (the shell's
 * tourWelcome, shell.server.ts), without a navigation (one would run every loader of the page again). With
 * JavaScript it outlines the step's target and skips steps whose target is missing.
 */
export function ProductTour() {
  const shell = useRouteLoaderData<ShellData>("routes/kubex");
  const location = useLocation();
  const navigate = useNavigate();
  const addressed = parseTour(new URLSearchParams(location.search).get("tour"));
  // The shell's decision when this card mounts (later loads of the shell carry the cookie and say false).
  const [autoWelcome, setAutoWelcome] = useState(Boolean(shell?.tourWelcome));
  const state: TourState | null = addressed ?? (autoWelcome ? { kind: "welcome" } : null);
  const sections = availableSections({ containers: Boolean(shell?.hasConnections), nodes: Boolean(shell?.hasConnections && shell.flags.showSideNavNode), cloud: Boolean(shell?.hasCloud) });

  // Any tour address (a step, or closing one) replaces the card shown in place.
  useEffect(() => {
    if (addressed) setAutoWelcome(false);
  }, [addressed]);

  // Steps come only from the address (the card shown in place is always the welcome).
  const step = addressed?.kind === "step" ? SECTIONS[addressed.section].steps[addressed.index] : undefined;
  useEffect(() => {
    const state = addressed;
    if (!step || !state || state.kind !== "step") return;
    const timer = setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`);
      if (!el) {
        navigate(nextHref(state, location.search), { replace: true });
        return;
      }
      el.scrollIntoView({ block: "nearest" });
      el.classList.add("ring-4", "ring-amber-400", "rounded-md");
      return () => el.classList.remove("ring-4", "ring-amber-400", "rounded-md");
    }, STEP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      document.querySelectorAll("[data-tour].ring-amber-400").forEach((el) => el.classList.remove("ring-4", "ring-amber-400", "rounded-md"));
    };
  }, [step, addressed, navigate, location.search]);

  if (!state) return null;
  const close = href(location.pathname, location.search, null);
  return (
    <div role="dialog" aria-label="Product tour" data-testid="product-tour" className="fixed bottom-4 right-4 z-50 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
      <TourBody state={state} sections={sections} search={location.search} pathname={location.pathname} />
      <Link
        to={close}
        onClick={(e) => {
          // The card shown in place closes in place (the address never named it).
          if (!addressed) {
            e.preventDefault();
            setAutoWelcome(false);
          }
        }}
        className="absolute right-3 top-2 rounded p-0.5 text-slate-500"
        aria-label="Close the tour"
      >
        <RiCloseLine aria-hidden="true" className="h-5 w-5" />
      </Link>
    </div>
  );
}

function nextHref(state: Extract<TourState, { kind: "step" }>, search: string) {
  const steps = SECTIONS[state.section].steps;
  const next = state.index + 1;
  return next < steps.length ? href(steps[next].path, search, `${state.section}:${next}`) : href(steps[steps.length - 1].path, search, `${state.section}:end`);
}

function TourBody({ state, sections, search, pathname }: { state: TourState; sections: SectionId[]; search: string; pathname: string }) {
  if (state.kind === "welcome") {
    return (
      <>
        <h2 className="font-semibold">Welcome to Kubex</h2>
        <p className="muted mt-1 text-sm">A short tour of where spend, waste and risk show up.</p>
        <Link className="btn-primary mt-3" to={href(pathname, search, "choose")}>
          Start
        </Link>
      </>
    );
  }
  if (state.kind === "choose" || state.kind === "end") {
    const others = sections.filter((s) => state.kind === "choose" || s !== state.section);
    return (
      <>
        <h2 className="font-semibold">{state.kind === "end" ? `${SECTIONS[state.section].title}: done` : "Choose a tour"}</h2>
        <p className="muted mt-1 text-sm">{state.kind === "end" ? "Take another tour:" : "What would you like to see?"}</p>
        <ul className="mt-2 space-y-1">
          {others.map((s) => (
            <li key={s}>
              <Link className="btn w-full" to={href(SECTIONS[s].steps[0].path, search, `${s}:0`)}>
                {SECTIONS[s].title}
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }
  const steps = SECTIONS[state.section].steps;
  const step = steps[state.index];
  const progress = tourProgress(state.index, steps.length);
  return (
    <>
      <p className="muted text-xs uppercase">{SECTIONS[state.section].title}</p>
      <h2 className="font-semibold">{step.title}</h2>
      <p className="mt-1 text-sm">{step.text}</p>
      <div className="mt-3 h-1.5 rounded bg-slate-200 dark:bg-slate-700" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
        <div className="h-1.5 rounded bg-sky-500" style={{ width: `${progress * 100}%` }} />
      </div>
      <div className="mt-3 flex items-center justify-between text-sm">
        {state.index > 0 ? (
          <Link className="btn" to={href(steps[state.index - 1].path, search, `${state.section}:${state.index - 1}`)}>
            Back
          </Link>
        ) : (
          <span />
        )}
        <span className="muted">
          {state.index + 1} of {steps.length}
        </span>
        <Link className="btn-primary" to={nextHref(state, search)}>
          {state.index + 1 < steps.length ? "Next" : "Finish"}
        </Link>
      </div>
    </>
  );
}
