import { TEXT } from "~/lib/constants";

export function NoData({ text = TEXT.noDataLabel }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[12rem] items-center justify-center rounded-lg border border-dashed border-slate-300 text-slate-500 dark:border-slate-700">
      {text}
    </div>
  );
}
