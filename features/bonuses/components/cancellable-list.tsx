'use client';

import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Fragment, useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { notify } from '@/lib/stores/notification-store';
import { ConfirmDialog } from './confirm-dialog';
import { LoadFailed, LoadingList } from './loading-list';

/**
 * A list of the player's own bonus items (bonuses, free spins) that can be cancelled: the loading,
 * failed and empty states, the list, and the confirmation before a cancel, which notifies the outcome
 * (the mutation fetches the list again). Texts come from `namespace`, which has the same keys for both.
 */
export function CancellableList<T, Id>({
  namespace,
  testIdPrefix,
  dialogTestId,
  list,
  cancel,
  idOf,
  emptyAction,
  dialogTitle,
  dialogWarning,
  renderItem,
}: {
  namespace: 'bonuses.mine' | 'bonuses.freeSpins';
  /** `{prefix}-loading`, `{prefix}-error`, `{prefix}-empty`. */
  testIdPrefix: string;
  dialogTestId: string;
  list: UseQueryResult<T[]>;
  cancel: UseMutationResult<unknown, unknown, Id>;
  /** What the cancel call takes for an item. */
  idOf: (item: T) => Id;
  emptyAction?: ReactNode;
  /** The dialog's texts; the item is null while the dialog closes. */
  dialogTitle: (item: T | null) => string;
  dialogWarning: (item: T | null) => string;
  renderItem: (item: T, askCancel: () => void) => ReactNode;
}) {
  const t = useTranslations(namespace);
  const translator = useErrorTranslator();
  const [cancelling, setCancelling] = useState<T | null>(null);

  if (list.isPending) return <LoadingList label={t('loading')} testId={`${testIdPrefix}-loading`} />;
  if (list.isError) {
    return (
      <LoadFailed
        text={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
        testId={`${testIdPrefix}-error`}
      />
    );
  }
  if (list.data.length === 0) {
    return (
      <div data-testid={`${testIdPrefix}-empty`}>
        <EmptyState title={t('empty')} hint={t('emptyHint')}>
          {emptyAction}
        </EmptyState>
      </div>
    );
  }

  const confirmCancel = () => {
    if (cancelling === null) return;
    cancel.mutate(idOf(cancelling), {
      onSuccess: () => {
        setCancelling(null);
        notify({ kind: 'success', text: t('cancelled') });
      },
      onError: (error) => notifyRequestError(error, translator),
    });
  };

  return (
    <>
      <ul className="space-y-3" aria-label={t('listLabel')}>
        {list.data.map((item) => renderItem(item, () => setCancelling(item)))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setCancelling(null);
        }}
        title={dialogTitle(cancelling)}
        warning={dialogWarning(cancelling)}
        confirmLabel={t('confirmCancel')}
        pendingLabel={t('cancelling')}
        keepLabel={t('keep')}
        closeLabel={t('close')}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        testId={dialogTestId}
      />
    </>
  );
}

/**
 * One item of a {@link CancellableList}: its title and subtitle, a badge, a list of facts (label and
 * value), then what the item adds (`children`: progress, terms, buttons).
 */
export function ItemCard({
  testId,
  title,
  titleTestId,
  subtitle,
  badge,
  badgeClass,
  badgeTestId,
  facts,
  children,
}: {
  testId: string;
  title: ReactNode;
  titleTestId: string;
  subtitle: ReactNode;
  badge: ReactNode;
  /** The badge's border and text colours. */
  badgeClass: string;
  badgeTestId: string;
  facts: { label: string; value: ReactNode; className: string; testId?: string }[];
  children?: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-line bg-panel p-4" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold" data-testid={titleTestId}>
            {title}
          </h3>
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
        <span
          className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${badgeClass}`}
          data-testid={badgeTestId}
        >
          {badge}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {facts.map((fact) => (
          <Fragment key={fact.label}>
            <dt className="text-muted">{fact.label}</dt>
            <dd className={fact.className} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </Fragment>
        ))}
      </dl>
      {children}
    </li>
  );
}
