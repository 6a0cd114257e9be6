import { useRef } from "react";
import { RiCloseLine } from "@remixicon/react";
import { useDialogKeys } from "./useDialogKeys";

/**
 * A modal that renders on the server (so dialogs addressed by URL show without JavaScript). With JavaScript it
 * traps focus and Escape goes to the close address.
 */
export function Modal({
  title,
  closeHref,
  maxWidth,
  children,
  role = "dialog",
  testId,
}: {
  title: string;
  closeHref: string;
  maxWidth: number;
  children: React.ReactNode;
  role?: "dialog" | "alertdialog";
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = `${testId ?? "modal"}-title`;

  useDialogKeys(
    box,
    closeHref,
    (el) =>
      el.querySelector<HTMLElement>("[data-autofocus]") ??
      el.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), select, textarea, button"),
  );

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:p-8">
      <div
        ref={box}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        style={{ maxWidth }}
        className="w-full rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <a href={closeHref} className="rounded p-1 text-slate-500 hover:text-slate-800 dark:hover:text-slate-200" aria-label="Close">
            <RiCloseLine aria-hidden="true" className="h-5 w-5" />
          </a>
        </div>
        <div className="px-5 py-4">{children}</div>
      </div>
    </div>
  );
}

/** The alert dialog of the spec (a title, a message, OK). Rendered inside a form so OK keeps the draft. */
export function AlertBox({ title, message, okName, okValue }: { title: string; message: string; okName?: string; okValue?: string }) {
  return (
    <div role="alertdialog" aria-labelledby="alert-title" aria-describedby="alert-message" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950/60">
      <h3 id="alert-title" className="font-semibold text-red-800 dark:text-red-200">
        {title}
      </h3>
      <p id="alert-message" className="mt-1 whitespace-pre-line text-sm text-red-900 dark:text-red-100">
        {message}
      </p>
      <div className="mt-2">
        <button type="submit" name={okName ?? "intent"} value={okValue ?? "dismiss"} className="btn" formNoValidate>
          OK
        </button>
      </div>
    </div>
  );
}
