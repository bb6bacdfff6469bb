'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import { statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { promoCode, type Bonus, type BonusActivation } from '@/lib/contracts/bonuses';
import { useScopedErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { validationErrorLines, type ErrorTranslator } from '@/lib/validation-errors';
import { useActivateBonus } from '../api/activate-bonus';
import { bonusOfferQueryOptions } from '../api/get-bonus-offer';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useSignUpWithPromo } from './use-sign-up-with-promo';

const promoFormSchema = z.object({ promo: promoCode });
type PromoForm = z.infer<typeof promoFormSchema>;

/**
 * The promo-code form of /bonuses. A guest checks a code (`GET /bonus-system/bonus/{promo}`) and sees
 * the offer with "Sign up with this code"; a logged-in user activates it (`POST
 * /bonus-system/bonus-activation`) and sees the result, or the server's 422 message on the field.
 */
export function PromoCodeForm() {
  const t = useTranslations('bonuses.promo');
  const { isLoggedIn } = useClientSession();
  const queryClient = useQueryClient();
  const translator = usePromoErrorTranslator();
  const activate = useActivateBonus();
  const [offer, setOffer] = useState<{ promo: string; bonus: Bonus } | null>(null);
  const [activated, setActivated] = useState<BonusActivation | null>(null);
  const form = useForm<PromoForm>({ resolver: zodResolver(promoFormSchema), defaultValues: { promo: '' } });
  const error = form.formState.errors.promo;
  const fieldError = !error
    ? undefined
    : error.type === 'server'
      ? error.message
      : error.type === 'too_small'
        ? t('required')
        : t('invalid');

  const serverError = (message: string) =>
    form.setError('promo', { type: 'server', message }, { shouldFocus: true });

  const submit = form.handleSubmit(async ({ promo }) => {
    setOffer(null);
    setActivated(null);
    if (!isLoggedIn) {
      try {
        const bonus = await queryClient.fetchQuery(bonusOfferQueryOptions(promo));
        setOffer({ promo, bonus });
      } catch (failure) {
        serverError(statusOf(failure) === 404 ? t('notFound') : t('checkFailed'));
      }
      return;
    }
    try {
      setActivated(await activate.mutateAsync(promo));
      form.reset({ promo: '' });
    } catch (failure) {
      const errors = validationErrorsOf(failure);
      if (!errors) {
        notifyRequestError(failure, translator);
        return;
      }
      // The promo field's messages on the field; any other field's too, since the form has only this one.
      const lines = validationErrorLines(errors.promo ? { promo: errors.promo } : errors, translator);
      if (lines.length > 0) serverError(lines.join(' '));
    }
  });

  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{isLoggedIn ? t('introUser') : t('introGuest')}</p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={t('label')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="flex-1"
          error={fieldError}
          {...form.register('promo')}
        />
        <PendingButton
          type="submit"
          pending={form.formState.isSubmitting}
          pendingLabel={isLoggedIn ? t('activating') : t('checking')}
          className={`${buttonClass.primary} sm:mt-6`}
        >
          {isLoggedIn ? t('activate') : t('check')}
        </PendingButton>
      </form>
      <div aria-live="polite">
        {activated ? (
          <p
            role="status"
            className="mt-4 rounded-xl border border-ok/40 bg-ok/10 p-3 text-ok"
            data-testid="promo-activated"
          >
            {t('activated', { name: activated.name })}
          </p>
        ) : null}
        {offer ? <OfferCard promo={offer.promo} bonus={offer.bonus} /> : null}
      </div>
    </section>
  );
}

/** The offer behind a checked code, for a guest: its terms and "Sign up with this code". */
/**
 * The `error.<key>` lookup of spec section 5, with this form's own wording first
 * (`bonuses.promo.errors.<key>`: "invalid" means "no such code" here, not "invalid value").
 */
function usePromoErrorTranslator(): ErrorTranslator {
  return useScopedErrorTranslator('bonuses.promo.errors');
}

function OfferCard({ promo, bonus }: { promo: string; bonus: Bonus }) {
  const t = useTranslations('bonuses.promo');
  const terms = useTranslations('bonuses.terms');
  const format = useFormat();
  const signUp = useSignUpWithPromo();
  const rows: [string, string][] = [
    [terms('percent'), `${format.number(bonus.percent)}%`],
    [terms('maxBonus'), format.money(bonus.max_bonus, bonus.currency)],
    [terms('minDeposit'), format.money(bonus.min_deposit, bonus.currency)],
    [terms('wager'), terms('wagerValue', { wager: format.number(bonus.wager) })],
  ];
  return (
    <div className="mt-4 rounded-2xl border border-gold/60 bg-panel-2 p-4" data-testid="promo-offer">
      <p className="text-xs uppercase tracking-wide text-gold">
        {t('offerFor', { promo: promo.toUpperCase() })}
      </p>
      <h3 className="text-lg font-semibold" data-testid="promo-offer-name">
        {bonus.name}
      </h3>
      {bonus.description ? <p className="mt-1 text-sm text-muted">{bonus.description}</p> : null}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}
        onClick={() => signUp(promo)}
        aria-haspopup="dialog"
        data-testid="promo-signup"
      >
        {t('signupWithCode')}
      </button>
    </div>
  );
}
