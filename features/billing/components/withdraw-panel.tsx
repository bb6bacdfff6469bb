'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import type { Currency } from '@/lib/constants/currencies';
import type { PayoutMethod, PayoutOverview } from '@/lib/contracts/payouts';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { parseAmount } from '@/lib/money';
import { notify } from '@/lib/stores/notification-store';
import { newIdempotencyKey } from '../api/create-invoice';
import { useCreatePayout, usePayouts } from '../api/payouts';
import { methodName } from '../format';
import { notifyFailure } from '../notify-failure';
import { CashierLoading, CashierUnavailable } from './cashier-states';
import { PayoutList } from './payout-list';

type WithdrawError =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountMin'
  | 'amountMax'
  | 'destinationRequired'
  | 'forfeitRequired';

/** The most a method takes now: its own maximum, the cash, what is left of the 24-hour limit. */
export function withdrawLimits(overview: PayoutOverview, method: PayoutMethod | undefined) {
  const min = method?.min_amount ?? overview.min_amount;
  const max = Math.min(method?.max_amount ?? Infinity, overview.withdrawable, overview.daily_left);
  return { min, max };
}

export function withdrawFormSchema(
  limitsOf: (hash: string) => { min: number; max: number },
  needsForfeit: boolean,
) {
  return z
    .object({ method: z.string(), amount: z.string(), destination: z.string(), forfeit: z.boolean() })
    .superRefine(({ method, amount, destination, forfeit }, ctx) => {
      const issue = (path: string, message: WithdrawError) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (amount.trim() === '') issue('amount', 'amountRequired');
      else {
        const value = parseAmount(amount);
        const limits = limitsOf(method);
        if (value === null || value <= 0) issue('amount', 'amountInvalid');
        else if (value < limits.min) issue('amount', 'amountMin');
        else if (value > limits.max) issue('amount', 'amountMax');
      }
      if (destination.trim() === '') issue('destination', 'destinationRequired');
      if (needsForfeit && !forfeit) issue('forfeit', 'forfeitRequired');
    });
}

type WithdrawValues = z.infer<ReturnType<typeof withdrawFormSchema>>;

/** The withdrawal tab of the PayIn dialog: the form (or why it is not possible now) and the requests. */
export function WithdrawPanel({ currency }: { currency: Currency }) {
  const t = useTranslations('billing.withdraw');
  const payouts = usePayouts();
  if (payouts.isPending) return <CashierLoading label={t('loading')} testId="withdraw-loading" />;
  if (payouts.isError) {
    return (
      <CashierUnavailable
        title={t('unavailable')}
        retryLabel={t('retry')}
        onRetry={() => void payouts.refetch()}
      />
    );
  }
  const overview = payouts.data;
  return (
    <div className="mt-4 space-y-6">
      {overview.methods.length === 0 ? (
        <EmptyState title={t('noMethods')} />
      ) : (
        <WithdrawForm
          key={overview.methods.map((m) => m.hash).join()}
          overview={overview}
          currency={currency}
        />
      )}
      <PayoutList requests={overview.requests} currency={currency} />
    </div>
  );
}

function WithdrawForm({ overview, currency }: { overview: PayoutOverview; currency: Currency }) {
  const t = useTranslations('billing.withdraw');
  const errorTranslator = useErrorTranslator();
  const format = useFormat();
  const money = (value: number) => format.money(value, currency);
  const createPayout = useCreatePayout();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const byHash = useMemo(() => new Map(overview.methods.map((m) => [m.hash, m])), [overview.methods]);
  const limitsOf = (hash: string) => withdrawLimits(overview, byHash.get(hash));
  const needsForfeit = overview.blocked === 'bonus_active';
  const schema = withdrawFormSchema(limitsOf, needsForfeit);
  const first = overview.methods[0];
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawValues>({
    resolver: zodResolver(schema),
    defaultValues: { method: first.hash, amount: '', destination: '', forfeit: false },
  });
  const methodHash = useWatch({ control, name: 'method' });
  const method = byHash.get(methodHash) ?? first;
  const limits = limitsOf(method.hash);
  // Blocks the form cannot get past; a bonus can be given up in the form itself.
  const blocked = overview.blocked !== null && overview.blocked !== 'bonus_active' ? overview.blocked : null;
  const errorText = (message: string | undefined) =>
    message ? t(message as WithdrawError, { min: money(limits.min), max: money(limits.max) }) : undefined;

  const onSubmit = async (values: WithdrawValues) => {
    if (inFlight.current) return;
    const amount = parseAmount(values.amount);
    if (amount === null) return;
    const body = {
      method: values.method,
      amount,
      destination: values.destination.trim(),
      forfeit_bonus: values.forfeit,
    };
    const same = attempt.current?.body === JSON.stringify(body);
    if (!same) attempt.current = { key: newIdempotencyKey(), body: JSON.stringify(body) };
    inFlight.current = true;
    try {
      const request = await createPayout.mutateAsync({ ...body, idempotency_key: attempt.current!.key });
      attempt.current = null;
      reset({ method: values.method, amount: '', destination: '', forfeit: false });
      notify({ kind: 'success', text: request.status === 'review' ? t('createdReview') : t('createdSent') });
    } catch (error) {
      notifyFailure(error, errorTranslator, t('createFailed'));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      data-testid="withdraw-form"
    >
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-panel-2 px-3 py-2">
          <dt className="text-muted">{t('available')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="withdraw-available">
            {money(overview.withdrawable)}
          </dd>
        </div>
        <div className="rounded-xl bg-panel-2 px-3 py-2">
          <dt className="text-muted">{t('dailyLeft')}</dt>
          <dd className="font-semibold tabular-nums">{money(overview.daily_left)}</dd>
        </div>
      </dl>
      {overview.blocked ? (
        <p
          role="status"
          className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm"
          data-testid="withdraw-blocked"
        >
          {t(`blocked.${overview.blocked}`, { min: money(overview.min_amount) })}
        </p>
      ) : null}
      <fieldset disabled={blocked !== null} className="space-y-5 disabled:opacity-60">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('methodLabel')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {overview.methods.map((m) => (
              <label
                key={m.hash}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-panel-2 px-3 py-3 text-sm has-[:checked]:border-gold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold"
                data-testid={`withdraw-method-${m.hash}`}
              >
                <input type="radio" value={m.hash} className="accent-gold" {...register('method')} />
                <span className="font-semibold">{methodName(m, format.locale)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t(`destination.${method.type}`)}
          autoComplete="off"
          inputMode={method.type === 'crypto' ? 'text' : 'numeric'}
          error={errorText(errors.destination?.message)}
          data-testid="withdraw-destination"
          {...register('destination')}
        />
        <TextField
          label={t('amountLabel', { currency })}
          inputMode="decimal"
          autoComplete="off"
          hint={
            limits.max >= limits.min
              ? t('amountHint', { min: money(limits.min), max: money(limits.max), fee: money(method.fee) })
              : undefined
          }
          error={errorText(errors.amount?.message)}
          data-testid="withdraw-amount"
          {...register('amount')}
        />
        {needsForfeit ? (
          <div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 accent-gold"
                data-testid="withdraw-forfeit"
                {...register('forfeit')}
              />
              <span>{t('forfeit')}</span>
            </label>
            {errors.forfeit ? <p className="mt-1 text-sm text-danger">{t('forfeitRequired')}</p> : null}
          </div>
        ) : null}
        <PendingButton
          type="submit"
          pending={isSubmitting || createPayout.isPending}
          pendingLabel={t('creating')}
          className={`${buttonClass.primary} w-full`}
          data-testid="withdraw-submit"
        >
          {t('submit')}
        </PendingButton>
      </fieldset>
    </form>
  );
}
