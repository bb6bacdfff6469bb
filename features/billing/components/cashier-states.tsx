'use client';

import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';

/** A cashier tab while its data loads: two placeholder rows and the label for screen readers. */
export function CashierLoading({ label, testId }: { label: string; testId: string }) {
  return (
    <div className="mt-4 space-y-3" aria-busy="true" data-testid={testId}>
      <span className="sr-only">{label}</span>
      <div className="h-14 animate-pulse rounded-xl bg-panel-2" />
      <div className="h-11 animate-pulse rounded-xl bg-panel-2" />
    </div>
  );
}

/** A cashier tab whose data could not be loaded, with a retry. */
export function CashierUnavailable({
  title,
  retryLabel,
  onRetry,
  retryTestId,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
  retryTestId?: string;
}) {
  return (
    <div className="mt-4">
      <EmptyState title={title}>
        <button type="button" className={buttonClass.secondary} onClick={onRetry} data-testid={retryTestId}>
          {retryLabel}
        </button>
      </EmptyState>
    </div>
  );
}
