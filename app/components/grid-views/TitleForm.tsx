import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { GridViewsBarData } from "~/features/grid-views/bar.server";
import { titleKey } from "~/domain/grid-views/state";
import { GRID_VIEW_TEXT, GRID_VIEWS_ACTION, MAX_VIEW_TITLE } from "~/domain/grid-views/texts";
import { useCsrf, useReturnTo } from "./hidden";

/**
 * Rename (or name a new view from the current grid) inline. The server decides (blank gives "Untitled View N",
 * a taken name is refused with "View name must be unique"); with JavaScript the same rule is checked as the user
 * types, and a rename is applied on blur only while the name is valid.
 */
export function TitleForm({ bar, intent, viewId, initial, cancelHref }: { bar: GridViewsBarData; intent: "rename" | "saveas"; viewId: string; initial: string; cancelHref: string }) {
  const csrf = useCsrf();
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const edited = useRef(false);
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  // Focus after the menu that opened the form has put focus back on its own button (two frames later).
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => input.current?.focus());
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  const others = bar.views.filter((v) => !(intent === "rename" && v.id === viewId)).map((v) => titleKey(v.title));
  const clash = value.trim() !== "" && others.includes(titleKey(value));
  const error = touched ? (clash ? GRID_VIEW_TEXT.unique : null) : bar.ui.error;
  const label = intent === "rename" ? "View name" : "Name of the new view";

  const submit = (e?: React.FormEvent) => {
    if (clash || sent.current) {
      e?.preventDefault();
      setTouched(true);
      return;
    }
    sent.current = true;
  };
  return (
    <Form
      ref={form}
      method="post"
      action={GRID_VIEWS_ACTION}
      onSubmit={submit}
      className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800/60"
      data-testid={`grid-view-${intent}-form`}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="gridId" value={bar.gridId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="viewId" value={viewId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label className="text-sm font-medium" htmlFor="grid-view-title">
        {label}
      </label>
      <input
        id="grid-view-title"
        name="title"
        className="input w-64 max-w-full"
        value={value}
        maxLength={MAX_VIEW_TITLE}
        placeholder={intent === "saveas" ? "New View" : GRID_VIEW_TEXT.untitledView}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "grid-view-title-error" : undefined}
        ref={input}
        autoFocus
        onChange={(e) => {
          edited.current = true;
          setValue(e.target.value);
          setTouched(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") navigate(cancelHref);
        }}
        onBlur={(e) => {
          // Only a name the user typed is applied on blur; leaving for the form's own buttons is not a blur-to-apply.
          if (intent !== "rename" || !edited.current || form.current?.contains(e.relatedTarget as Node | null)) return;
          setTouched(true);
          if (!clash && value.trim() !== initial.trim()) form.current?.requestSubmit();
        }}
      />
      <button type="submit" className="btn-primary">
        {intent === "rename" ? "Rename" : "Save"}
      </button>
      <Link to={cancelHref} className="btn">
        Cancel
      </Link>
      {error ? (
        <p id="grid-view-title-error" role="alert" className="w-full text-sm font-medium text-red-700 dark:text-red-300" data-testid="grid-view-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
