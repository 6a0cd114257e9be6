/**
 * The generic error indicator that replaces content whose data failed to load (spec document 2, section 8: no
 * message text is shown for load errors).
 */
export function LoadError({ testId = "load-error" }: { testId?: string }) {
  return (
    <div role="alert" data-testid={testId} className="flex min-h-[8rem] items-center justify-center gap-2 rounded-lg border border-dashed border-red-300 text-red-700 dark:border-red-800 dark:text-red-300">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <path d="M10 2a8 8 0 100 16 8 8 0 000-16zm-.75 4h1.5v5h-1.5V6zm0 6.5h1.5V14h-1.5v-1.5z" />
      </svg>
      <span className="sr-only">Error</span>
    </div>
  );
}
