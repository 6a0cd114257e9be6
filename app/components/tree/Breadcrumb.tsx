import { Link } from "@remix-run/react";

export function Breadcrumb({ items }: { items: { label: string; url: string; fullPath: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-500 dark:text-slate-400">
        {items.map((item, i) => (
          <li key={item.fullPath || i} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-800 dark:text-slate-100">
                {item.label}
              </span>
            ) : (
              <Link to={item.url} className="hover:underline">
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
