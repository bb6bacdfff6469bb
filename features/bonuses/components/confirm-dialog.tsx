'use client';

import { Dialog } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';

const dangerButton =
  'inline-flex min-h-10 items-center justify-center rounded-xl bg-danger px-4 py-2 font-semibold text-ink transition hover:opacity-90 disabled:opacity-50';

/**
 * Asks before an action that cannot be undone: the title names it, the warning says what is lost, the
 * confirm button runs it (busy while it runs), the other one (or Escape) keeps things as they are.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  warning,
  confirmLabel,
  pendingLabel,
  keepLabel,
  closeLabel,
  pending,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  warning: string;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel: string;
  closeLabel: string;
  pending: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={warning}
      closeLabel={closeLabel}
      testId={testId}
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => onOpenChange(false)}
          disabled={pending}
        >
          {keepLabel}
        </button>
        <PendingButton
          type="button"
          className={dangerButton}
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={onConfirm}
        >
          {confirmLabel}
        </PendingButton>
      </div>
    </Dialog>
  );
}
