/**
 * An info mark whose note shows on hover and keyboard focus: CSS only, so it works without JavaScript; the note is
 * also the mark's accessible description.
 */
export function InfoTip({ id, label, text, align = "left" }: { id: string; label: string; text: string; align?: "left" | "right" }) {
  return (
    <span className="group relative ml-1 inline-block align-middle">
      <span tabIndex={0} aria-describedby={id} className="muted inline-flex cursor-help rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500" data-testid={`${id}-mark`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={1.6}>
          <circle cx="10" cy="10" r="8" />
          <path d="M10 9v5M10 6.2v.1" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{label}</span>
      </span>
      <span
        id={id}
        role="tooltip"
        className={`invisible absolute top-full z-20 mt-1 w-64 whitespace-normal rounded-md border border-slate-200 bg-white p-2 text-xs font-normal normal-case text-slate-700 shadow-lg group-focus-within:visible group-hover:visible dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 ${align === "right" ? "right-0" : "left-0"}`}
      >
        {text}
      </span>
    </span>
  );
}
