'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { Currency } from '@/lib/constants/currencies';
import type { PayoutRequest } from '@/lib/contracts/payouts';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { notify } from '@/lib/stores/notification-store';
import { useCancelPayout } from '../api/payouts';
import { notifyFailure } from '../notify-failure';

/**
 * What a change of status reads as: good news, bad news, or news; none for the player's own cancel (its
 * button says so already).
 */
const NOTICE_KIND: Record<PayoutRequest['status'], 'success' | 'error' | 'info' | null> = {
  review: 'info',
  approved: 'info',
  sent: 'info',
  paid: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: null,
};

/**
 * Tells the player, while a list of their requests is on screen, when one of them changes status (the
 * operator approved it, the provider paid it): the list is polled while a request is on its way.
 */
function useStatusNotices(requests: PayoutRequest[], currency: Currency) {
  const t = useTranslations('billing.withdraw');
  const format = useFormat();
  const seen = useRef<Map<number, PayoutRequest['status']> | null>(null);
  useEffect(() => {
    const previous = seen.current;
    seen.current = new Map(requests.map((request) => [request.id, request.status]));
    if (!previous) return;
    for (const request of requests) {
      const before = previous.get(request.id);
      const kind = NOTICE_KIND[request.status];
      if (before === undefined || before === request.status || !kind) continue;
      notify({
        kind,
        text: t('statusChanged', {
          amount: format.money(request.amount, currency),
          status: t(`status.${request.status}`),
        }),
      });
    }
  }, [requests, currency, format, t]);
}

/** A player's withdrawal requests, newest first: amount, where to, status, and a cancel while allowed. */
export function PayoutList({
  requests,
  currency,
  headingLevel = 3,
}: {
  requests: PayoutRequest[];
  currency: Currency;
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations('billing.withdraw');
  const format = useFormat();
  const cancel = useCancelPayout();
  const errorTranslator = useErrorTranslator();
  useStatusNotices(requests, currency);
  if (requests.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="payout-requests">
      <Heading id="payout-requests" className="mb-2 text-sm font-semibold">
        {t('requestsTitle')}
      </Heading>
      <ul className="divide-y divide-line rounded-xl border border-line" data-testid="payout-requests">
        {requests.map((request) => (
          <li
            key={request.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
            data-testid="payout-request"
          >
            <span className="font-semibold tabular-nums">{format.money(request.amount, currency)}</span>
            <span className="text-muted">{request.destination}</span>
            <span className="ml-auto" data-testid="payout-status" data-status={request.status}>
              {t(`status.${request.status}`)}
            </span>
            {request.cancellable ? (
              <button
                type="button"
                className="rounded-lg border border-line px-2 py-1 text-xs hover:border-gold disabled:opacity-50"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(request.id, {
                    onSuccess: () => notify({ kind: 'success', text: t('cancelled') }),
                    onError: (error) => notifyFailure(error, errorTranslator, t('cancelFailed')),
                  })
                }
                data-testid="payout-cancel"
              >
                {t('cancel')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
