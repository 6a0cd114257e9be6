import { Form } from "@remix-run/react";
import { HELP_BASE } from "~/features/help/context";

/** The Help search: a GET form to the index, so it works without JavaScript. */
export function HelpSearch({ query = "" }: { query?: string }) {
  return (
    <Form method="get" action={HELP_BASE} role="search" aria-label="Search help" className="flex gap-2">
      <label htmlFor="help-q" className="sr-only">
        Search help
      </label>
      <input id="help-q" name="q" type="search" className="input" defaultValue={query} maxLength={100} placeholder="Search help: waste, health, token…" />
      <button type="submit" className="btn">
        Search
      </button>
    </Form>
  );
}
