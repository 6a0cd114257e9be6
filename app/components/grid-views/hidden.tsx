import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { GRID_VIEWS_ACTION } from "~/domain/grid-views/texts";

/** The session's form token from the shell's loader. */
export function useCsrf(): string {
  return useRouteLoaderData<{ csrf?: string }>("routes/kubex")?.csrf ?? "";
}

/** The grid's address, which the action returns to (and reads the grid state from). */
export function useReturnTo(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** A one-button form of the views bar: posts intent and view to the action, which sends the user back. */
export function IntentForm(props: {
  gridId: string;
  intent: string;
  viewId?: string;
  className?: string;
  children: React.ReactNode;
  buttonClassName?: string;
  label?: string;
  disabled?: boolean;
  title?: string;
  testId?: string;
}) {
  const csrf = useCsrf();
  const returnTo = useReturnTo();
  return (
    <Form method="post" action={GRID_VIEWS_ACTION} className={props.className ?? "contents"}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="gridId" value={props.gridId} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {props.viewId ? <input type="hidden" name="viewId" value={props.viewId} /> : null}
      <button type="submit" className={props.buttonClassName ?? "btn"} aria-label={props.label} disabled={props.disabled} title={props.title} data-testid={props.testId}>
        {props.children}
      </button>
    </Form>
  );
}
