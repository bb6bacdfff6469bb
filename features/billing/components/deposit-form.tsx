'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import type { Currency } from '@/lib/constants/currencies';
import { resolvePaymentAmountLimits, type PaymentAmountLimits } from '@/lib/constants/payments';
import type { Invoice, PaymentMethod } from '@/lib/contracts/billing';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { parseAmount } from '@/lib/money';
import { newIdempotencyKey, useCreateInvoice } from '../api/create-invoice';
import { QUICK_AMOUNTS } from '../constants';
import { methodName } from '../format';
import { notifyFailure } from '../notify-failure';

type AmountError = 'methodRequired' | 'amountRequired' | 'amountInvalid' | 'amountMin' | 'amountMax';

/** The form's rules: a method is chosen and the amount is a number inside that method's limits. */
export function depositFormSchema(limitsOf: (hash: string) => PaymentAmountLimits) {
  return z
    .object({ method: z.string().min(1, 'methodRequired' satisfies AmountError), amount: z.string() })
    .superRefine(({ method, amount }, ctx) => {
      const issue = (message: AmountError) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
      if (amount.trim() === '') return issue('amountRequired');
      const value = parseAmount(amount);
      if (value === null || value <= 0) return issue('amountInvalid');
      if (!method) return;
      const limits = limitsOf(method);
      if (value < limits.min) return issue('amountMin');
      if (value > limits.max) return issue('amountMax');
    });
}

type DepositValues = z.infer<ReturnType<typeof depositFormSchema>>;

/**
 * Chooses a method and an amount and creates the invoice. One idempotency key per attempt: it is made
 * on the first submit of a method and amount and reused until an invoice comes back, so a double click
 * (or a retry after a lost answer) gives one invoice; a click while a request is running does nothing.
 */
export function DepositForm({
  methods,
  currency,
  notice,
  onCreated,
}: {
  methods: PaymentMethod[];
  currency: Currency;
  notice: string | null;
  onCreated: (invoice: Invoice) => void;
}) {
  const t = useTranslations('billing');
  const errorTranslator = useErrorTranslator();
  const format = useFormat();
  const lang = format.locale;
  const createInvoice = useCreateInvoice();
  const attempt = useRef<{ key: string; method: string; amount: number } | null>(null);
  const inFlight = useRef(false);

  const limitsOf = useMemo(() => {
    const byHash = new Map(methods.map((m) => [m.hash, resolvePaymentAmountLimits(m)]));
    return (hash: string) => byHash.get(hash) ?? resolvePaymentAmountLimits(null);
  }, [methods]);
  const schema = useMemo(() => depositFormSchema(limitsOf), [limitsOf]);
  const first = methods[0];
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<DepositValues>({
    resolver: zodResolver(schema),
    defaultValues: { method: first?.hash ?? '', amount: String(limitsOf(first?.hash ?? '').default) },
  });
  const method = useWatch({ control, name: 'method' });
  const limits = limitsOf(method);
  const money = (value: number) => format.money(value, currency);
  const chips = QUICK_AMOUNTS.filter((value) => value >= limits.min && value <= limits.max);

  const amountError = errors.amount?.message as AmountError | undefined;
  const amountErrorText = amountError
    ? t(amountError, { min: money(limits.min), max: money(limits.max) })
    : undefined;

  const onSubmit = async (values: DepositValues) => {
    if (inFlight.current) return;
    const amount = parseAmount(values.amount);
    if (amount === null) return;
    const same = attempt.current?.method === values.method && attempt.current.amount === amount;
    if (!same) attempt.current = { key: newIdempotencyKey(), method: values.method, amount };
    const key = attempt.current!.key;
    inFlight.current = true;
    try {
      const invoice = await createInvoice.mutateAsync({
        method: values.method,
        amount,
        idempotency_key: key,
      });
      attempt.current = null;
      onCreated(invoice);
    } catch (error) {
      notifyFailure(error, errorTranslator, t('createFailed'));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      className="mt-4 space-y-5"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      data-testid="deposit-form"
    >
      {notice ? (
        <p
          role="alert"
          className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm"
          data-testid="pay-notice"
        >
          {notice}
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('methodLabel')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {methods.map((m) => (
            <label
              key={m.hash}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-panel-2 px-3 py-3 text-sm has-[:checked]:border-gold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold"
              data-testid={`pay-method-${m.hash}`}
            >
              <input
                type="radio"
                value={m.hash}
                className="accent-gold"
                {...register('method', {
                  onChange: () => {
                    setValue('amount', String(limitsOf(m.hash).default));
                    clearErrors('amount');
                  },
                })}
              />
              <span className="font-semibold">{methodName(m, lang)}</span>
            </label>
          ))}
        </div>
        {errors.method ? <p className="mt-1 text-sm text-danger">{t('methodRequired')}</p> : null}
      </fieldset>
      <TextField
        label={t('amountLabel', { currency })}
        inputMode="decimal"
        autoComplete="off"
        hint={t('amountHint', { min: money(limits.min), max: money(limits.max) })}
        error={amountErrorText}
        data-testid="pay-amount"
        {...register('amount')}
      />
      {chips.length > 0 ? (
        <div className="flex flex-wrap gap-2" aria-label={t('quickAmounts')} role="group">
          {chips.map((value) => (
            <button
              key={value}
              type="button"
              className="rounded-full border border-line bg-panel-2 px-3 py-1 text-sm hover:border-gold"
              onClick={() => setValue('amount', String(value), { shouldValidate: true })}
              data-testid={`pay-chip-${value}`}
            >
              {money(value)}
            </button>
          ))}
        </div>
      ) : null}
      <PendingButton
        type="submit"
        pending={isSubmitting || createInvoice.isPending}
        pendingLabel={t('creating')}
        className={`${buttonClass.primary} w-full`}
        data-testid="pay-submit"
      >
        {t('submit')}
      </PendingButton>
    </form>
  );
}
