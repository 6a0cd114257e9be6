import { useNavigation } from "@remix-run/react";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-sky-500" />
  );
}

/** A slim bar and spinner while a page loads after a click (JavaScript on; without it the browser shows its own). */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  if (!busy) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex items-center justify-end gap-2 px-3">
      <div className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-sky-500" />
      <span className="mt-2">
        <Spinner />
      </span>
    </div>
  );
}
