'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { api } from '@/lib/api/client';
import { protectionReply, SELF_EXCLUSION_PERIODS, type Protection } from '@/lib/contracts/protection';
import { useFormat } from '@/lib/i18n/use-format';
import { notify } from '@/lib/stores/notification-store';

const protectionKey = ['profile', 'protection'] as const;

const getProtection = (): Promise<Protection> =>
  api.get('/api/v2/profile/protection').then((response) => protectionReply.parse(response.data));

const postSelfExclusion = (days: number | null): Promise<Protection> =>
  api
    .post('/api/v2/profile/self-exclusion', { days })
    .then((response) => protectionReply.parse(response.data));

type Period = (typeof SELF_EXCLUSION_PERIODS)[number] | 'forever';
const PERIODS: Period[] = [...SELF_EXCLUSION_PERIODS, 'forever'];

/**
 * Responsible gaming (issue 15): the account's status, and a break (cool-off: a day or a week) or a
 * self-exclusion the player sets themselves. It takes effect at once and cannot be shortened, so the
 * player confirms it on a second step that says exactly what happens.
 */
export function SelfExclusionSetting() {
  const t = useTranslations('settings.protection');
  const format = useFormat();
  const queryClient = useQueryClient();
  const selectId = useId();
  const protection = useQuery({ queryKey: protectionKey, queryFn: getProtection });
  const [period, setPeriod] = useState<Period>(7);
  /** When the player asked (the period's end is counted from it), while the confirmation shows. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const exclude = useMutation({
    mutationFn: () => postSelfExclusion(period === 'forever' ? null : period),
    onSuccess: (data) => {
      queryClient.setQueryData(protectionKey, data);
      setConfirming(null);
      notify({ kind: 'success', text: t('done') });
    },
    onError: () => notify({ kind: 'error', text: t('failed') }),
  });

  if (protection.isPending)
    return <div className="h-24 animate-pulse rounded-xl bg-panel-2" aria-busy="true" />;
  if (protection.isError) {
    return (
      <p className="text-sm text-muted">
        {t('unavailable')}{' '}
        <button type="button" className="underline" onClick={() => void protection.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  const { status, excluded_until: until } = protection.data;
  const periodLabel = (value: Period) => (value === 'forever' ? t('forever') : t('days', { count: value }));
  const endsAt =
    period === 'forever' || confirming === null
      ? null
      : format.dateTime(new Date(confirming + period * 24 * 60 * 60 * 1000));

  return (
    <div className="space-y-4" data-testid="self-exclusion">
      <p role="status" className="text-sm" data-testid="account-status" data-status={status}>
        {status === 'self_excluded'
          ? until
            ? t('status.excludedUntil', { date: format.dateTime(until) })
            : t('status.excludedForGood')
          : t(`status.${status}`)}
      </p>
      {status === 'active' || (status === 'self_excluded' && until) ? (
        <div className="space-y-3">
          <p className="text-sm text-muted">{t('hint')}</p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-40 flex-1">
              <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
                {t('periodLabel')}
              </label>
              <select
                id={selectId}
                className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
                value={String(period)}
                onChange={(event) => {
                  const value = event.target.value;
                  setPeriod(value === 'forever' ? 'forever' : (Number(value) as Period));
                  setConfirming(null);
                }}
                data-testid="self-exclusion-period"
              >
                {PERIODS.map((value) => (
                  <option key={String(value)} value={String(value)}>
                    {periodLabel(value)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setConfirming(Date.now())}
              data-testid="self-exclusion-start"
            >
              {t('start')}
            </button>
          </div>
          {confirming !== null ? (
            <div
              role="alert"
              className="space-y-3 rounded-xl border border-danger/60 bg-danger/10 p-3 text-sm"
              data-testid="self-exclusion-confirm"
            >
              <p className="font-semibold">
                {endsAt ? t('confirmUntil', { date: endsAt }) : t('confirmForever')}
              </p>
              <p>{t('confirmWhat')}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass.primary}
                  disabled={exclude.isPending}
                  onClick={() => exclude.mutate()}
                  data-testid="self-exclusion-confirm-button"
                >
                  {t('confirm', { period: periodLabel(period) })}
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(null)}>
                  {t('cancel')}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
