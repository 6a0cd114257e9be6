import { Form, useNavigate } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import { useEffect, useRef } from "react";
import { HiddenParams } from "./HiddenParams";
import { useSearchHref } from "./useSearchHref";

/** Search debounce (spec section 9: 200 ms). */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The grid's search (TanStack's global filter, done on the server): a GET form without JavaScript; with it, the
 * address follows the typing (trimmed, debounced).
 */
export function DataTableSearch<TData>({ table, label, placeholder }: { table: Table<TData>; label: string; placeholder: string }) {
  const navigate = useNavigate();
  const href = useSearchHref();
  const current = String(table.getState().globalFilter ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const term = value.trim();
      if (term === current) return;
      navigate(href({ q: term || null, page: null }), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  return (
    <Form method="get" className="flex items-center gap-1" role="search" onSubmit={() => clearTimeout(timer.current)}>
      <HiddenParams except={(k) => k === "q" || k === "page"} />
      <input
        type="search"
        name="q"
        defaultValue={current}
        onChange={(e) => onSearch(e.currentTarget.value)}
        aria-label={label}
        placeholder={placeholder}
        className="input w-56"
        maxLength={100}
      />
      <button type="submit" className="btn">
        Search
      </button>
    </Form>
  );
}
