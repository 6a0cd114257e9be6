import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";

/** The drawer once JavaScript runs: Headless UI's Dialog (focus trap, Escape, scroll lock); loaded on demand by Drawer. */
export default function DrawerDialog({
  onClose,
  panelClassName,
  testId,
  head,
  body,
}: {
  onClose: () => void;
  panelClassName: string;
  testId: string;
  head: (Title: React.ElementType) => React.ReactNode;
  body: React.ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel data-testid={testId} className={panelClassName}>
          {head(DialogTitle)}
          {body}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
