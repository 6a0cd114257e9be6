import { Link } from "@remix-run/react";
import { RiArrowDownSLine, RiPencilLine } from "@remixicon/react";
import { useDisclosureMenu } from "~/components/ui/useDisclosureMenu";

export interface SelectorItem {
  id: string;
  name: string;
  href: string;
  publicItem: boolean;
  title?: string;
}

/**
 * 'Tree View' / 'Tree Filter': a read-only box that opens a menu of the public and private items (a <details>
 * menu, so it works without JavaScript). Choosing one replaces the address's viewId or filterId.
 */
export function TreeSelector({
  label,
  current,
  items,
  publicLabel,
  privateLabel,
  editHref,
  editLabel,
  readOnlyText,
}: {
  label: string;
  current: string;
  items: SelectorItem[];
  publicLabel: string;
  privateLabel: string;
  editHref?: string;
  editLabel: string;
  readOnlyText?: boolean;
}) {
  const menu = useDisclosureMenu();
  const id = label.replace(/\s+/g, "-").toLowerCase();
  const group = (title: string, list: SelectorItem[]) =>
    list.length ? (
      <div role="group" aria-label={title}>
        <div className="px-3 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{title}</div>
        {list.map((i) => (
          <Link
            key={i.id}
            to={i.href}
            replace
            role="menuitem"
            title={i.title}
            className={`block truncate rounded px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${i.name === current ? "font-semibold" : ""}`}
          >
            {i.name}
          </Link>
        ))}
      </div>
    ) : null;
  return (
    <div className="flex items-end gap-1" data-tour={`${id}-selector`}>
      <div className="min-w-0 flex-1">
        <span className="label" id={`${id}-label`}>
          {label}
        </span>
        {readOnlyText ? (
          <input aria-labelledby={`${id}-label`} className="input" readOnly value={current} />
        ) : (
          <details ref={menu} className="relative" data-testid={`${id}-selector`}>
            <summary aria-labelledby={`${id}-label ${id}-current`} className="input flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden">
              <span className="truncate" id={`${id}-current`}>
                {current}
              </span>
              <RiArrowDownSLine aria-hidden="true" className="h-4 w-4 shrink-0" />
            </summary>
            <div role="menu" className="absolute left-0 right-0 z-40 mt-1 max-h-[300px] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              {group(publicLabel, items.filter((i) => i.publicItem))}
              {group(privateLabel, items.filter((i) => !i.publicItem))}
            </div>
          </details>
        )}
      </div>
      {editHref ? (
        <Link to={editHref} className="btn px-2" aria-label={editLabel} title={editLabel}>
          <RiPencilLine aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : null}
    </div>
  );
}
