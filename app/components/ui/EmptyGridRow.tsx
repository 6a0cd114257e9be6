/** The empty state of a grid (spec document 2, section 2.9): a row across every column. */
export function EmptyGridRow({ colSpan, testId }: { colSpan: number; testId?: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="p-0" data-testid={testId}>
        {/* Sticky so the message stays in view in a table wider than the screen. */}
        <div className="sticky left-0 w-fit px-4 py-6">
          <p className="font-medium">No data to display</p>
          <p className="muted text-sm">Try adjusting your filters or search criteria</p>
        </div>
      </td>
    </tr>
  );
}
