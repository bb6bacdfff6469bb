'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { Popover } from '@/components/ui/popover';
import { api } from '@/lib/api/client';
import { userCurrency } from '@/lib/api/schemas/user';
import {
  DEPOSIT_LIMIT_KINDS,
  LOSS_LIMIT_KINDS,
  MINUTE_LIMIT_KINDS,
  MINUTE_LIMIT_RANGES,
  isMinuteLimitKind,
  limitsReply,
  type LimitKind,
  type Limits,
} from '@/lib/contracts/protection';
import { useFormat } from '@/lib/i18n/use-format';
import { parseAmount } from '@/lib/money';
import { notify } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { sessionInfoKey } from '../api/get-session-info';

const limitsKey = ['profile', 'limits'] as const;

const getLimits = (): Promise<Limits> =>
  api.get('/api/v2/profile/limits').then((response) => limitsReply.parse(response.data));
const putLimit = (kind: LimitKind, amount: number | null): Promise<Limits> =>
  api.put('/api/v2/profile/limits', { kind, amount }).then((response) => limitsReply.parse(response.data));

const GROUPS = [
  { id: 'deposit', kinds: DEPOSIT_LIMIT_KINDS, hint: 'hint' },
  { id: 'loss', kinds: LOSS_LIMIT_KINDS, hint: 'lossHint' },
  { id: 'time', kinds: MINUTE_LIMIT_KINDS, hint: 'timeHint' },
] as const;

/**
 * The limits a player sets on themselves (issue 15), in three groups: deposits per day, week and month;
 * losses in the games per day, 7 and 30 days; the session length and the reality-check interval in
 * minutes. Each row shows the limit in force, a raise or removal that waits with its date, and a field to
 * change it. Lowering takes effect at once; raising or removing after 24 hours (the server decides; the
 * screen shows what it answered). How deposit limits are counted is explained in a popover beside their
 * heading.
 */
export function PlayerLimitsSetting() {
  const t = useTranslations('settings.limits');
  const limits = useQuery({ queryKey: limitsKey, queryFn: getLimits });
  if (limits.isPending) return <div className="h-24 animate-pulse rounded-xl bg-panel-2" aria-busy="true" />;
  if (limits.isError) {
    return (
      <p className="text-sm text-muted">
        {t('unavailable')}{' '}
        <button type="button" className="underline" onClick={() => void limits.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  return (
    <div className="space-y-6" data-testid="player-limits">
      {GROUPS.map((group) => (
        <section
          key={group.id}
          aria-labelledby={`limits-${group.id}`}
          className="space-y-4"
          data-testid={`${group.id}-limits`}
        >
          <div className="flex items-center gap-2">
            <h3 id={`limits-${group.id}`} className="font-semibold">
              {t(`groups.${group.id}`)}
            </h3>
            {group.id === 'deposit' ? <DepositLimitsHelp /> : null}
          </div>
          <p className="text-sm text-muted">{t(group.hint)}</p>
          {group.kinds.map((kind) => (
            <LimitRow key={kind} kind={kind} limit={limits.data[kind]} />
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * How deposit limits are counted (rolling windows, payments not yet expired included), what a refusal
 * says and why a raise waits.
 */
function DepositLimitsHelp() {
  const t = useTranslations('settings.limits.help');
  return (
    <Popover label={t('label')} title={t('title')} closeLabel={t('close')} testId="deposit-limits-help">
      <p>{t('windows')}</p>
      <p>{t('refused')}</p>
      <p>{t('wait')}</p>
    </Popover>
  );
}

function LimitRow({ kind, limit }: { kind: LimitKind; limit: Limits[LimitKind] }) {
  const t = useTranslations('settings.limits');
  const format = useFormat();
  const currency = userCurrency(useSessionStore((state) => state.user));
  const queryClient = useQueryClient();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const minutes = isMinuteLimitKind(kind) ? MINUTE_LIMIT_RANGES[kind] : null;
  const save = useMutation({
    mutationFn: (amount: number | null) => putLimit(kind, amount),
    onSuccess: (data) => {
      queryClient.setQueryData(limitsKey, data);
      // The reality check (reality-check.tsx) follows the interval and session limit in force.
      if (minutes) void queryClient.invalidateQueries({ queryKey: sessionInfoKey });
      setValue('');
      const saved = data[kind];
      notify({ kind: 'success', text: saved.next_from ? t('savedLater') : t('saved') });
    },
    onError: () => notify({ kind: 'error', text: t('failed') }),
  });
  const shown = (amount: number) =>
    minutes ? t('minutes', { count: amount }) : format.money(amount, currency);
  const submit = () => {
    const amount = minutes ? (/^\s*\d+\s*$/.test(value) ? Number(value) : null) : parseAmount(value);
    const valid =
      amount !== null && amount > 0 && (!minutes || (amount >= minutes.min && amount <= minutes.max));
    if (!valid) {
      setError(minutes ? t('invalidMinutes', minutes) : t('invalid'));
      return;
    }
    setError(null);
    save.mutate(amount);
  };

  return (
    <div className="rounded-xl border border-line p-3" data-testid={`limit-${kind}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{t(`kinds.${kind}`)}</span>
        <span className="text-sm tabular-nums" data-testid="limit-current">
          {limit.amount === null
            ? kind === 'reality_check_minutes'
              ? t('off')
              : t('none')
            : shown(limit.amount)}
        </span>
      </div>
      {limit.next_from ? (
        <p className="mt-1 text-xs text-muted" data-testid="limit-pending">
          {limit.next_amount === null
            ? t('removedOn', { date: format.dateTime(limit.next_from) })
            : t('risesOn', { amount: shown(limit.next_amount), date: format.dateTime(limit.next_from) })}
        </p>
      ) : null}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <div className="min-w-32 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm">
            {minutes ? t('newMinutesLabel', minutes) : t('newLabel', { currency })}
          </label>
          <input
            id={inputId}
            inputMode={minutes ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
            data-testid="limit-input"
          />
        </div>
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={save.isPending}
          data-testid="limit-save"
        >
          {t('save')}
        </button>
        {limit.amount !== null && !(limit.next_from && limit.next_amount === null) ? (
          <button
            type="button"
            className="min-h-11 px-2 text-sm underline"
            disabled={save.isPending}
            onClick={() => save.mutate(null)}
            data-testid="limit-remove"
          >
            {t('remove')}
          </button>
        ) : null}
      </form>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
