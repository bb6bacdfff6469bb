'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button-styles';
import { toE164 } from '@/components/ui/phone-input';
import { TextField } from '@/components/ui/text-field';
import { registerByEmail, registerByPhone } from '@/features/auth/api/auth-calls';
import { schedulePostRegistrationDeposit } from '@/features/auth/lib/post-registration';
import { useCompleteLogin } from '@/features/auth/lib/use-complete-login';
import { registrationAttributionWithFingerprint } from '@/lib/attribution';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@/lib/constants/currencies';
import { prepareFingerprintUpload } from '@/lib/fingerprint';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { confirmationIssues, signupFormSchema, type SignupForm } from './auth-form-schema';
import { useCaptcha } from '@/components/ui/captcha';
import { ContactFields } from './contact-fields';
import { SocialButtons, type SignUpConfirmations } from './social-buttons';
import { useAuthError } from './use-auth-error';
import { VerifyContact } from './verify-contact';

const LOCALE_CURRENCY: Record<string, Currency> = { kz: 'KZT' };

export function SignupForm() {
  const t = useTranslations('auth');
  const locale = useLocale();
  const completeLogin = useCompleteLogin();
  const onError = useAuthError('signup');
  const captcha = useCaptcha();
  const [registered, setRegistered] = useState<{ channel: 'email' | 'phone'; address: string } | null>(null);
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      channel: 'email',
      email: '',
      phone: { country: locale === 'kz' ? 'kz' : 'ru', national: '' },
      password: '',
      currency: LOCALE_CURRENCY[locale] ?? 'RUB',
      promo:
        typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('promo') ?? ''),
      ageConfirmed: false,
      termsAccepted: false,
    },
  });
  // The dialog is open: a registration will send the device fingerprint (`fpp`), so compute it now (when
  // none is stored), not on every page (lib/fingerprint.ts).
  useEffect(() => {
    prepareFingerprintUpload();
  }, []);
  const channel = useWatch({ control: form.control, name: 'channel' });
  const errors = form.formState.errors;
  const currency = useWatch({ control: form.control, name: 'currency' });
  const promo = useWatch({ control: form.control, name: 'promo' });
  const fieldError = (key?: string) => (key ? t(key as never) : undefined);
  /** A ticked box drops its error at once (the form validates again only after a submit). */
  const confirmation = (name: 'ageConfirmed' | 'termsAccepted') =>
    form.register(name, {
      onChange: (event: { target: { checked: boolean } }) => {
        if (event.target.checked) form.clearErrors(name);
      },
    });
  /**
   * A social sign-up needs both boxes too: checked synchronously on the click (the provider window
   * opens before any await), showing the same errors as a submit when a box is unticked.
   */
  const socialConfirmations = (): SignUpConfirmations | null => {
    const issues = confirmationIssues(form.getValues());
    if (issues.length === 0) return { age_confirmed: true, terms_accepted: true };
    for (const { path, message } of issues) form.setError(path[0], { type: 'custom', message });
    form.setFocus(issues[0].path[0]);
    return null;
  };

  const submit = form.handleSubmit(async (values) => {
    const captchaFields = await captcha.fields('sign-up');
    if (!captchaFields) return;
    const common = {
      password: values.password,
      currency: values.currency,
      age_confirmed: values.ageConfirmed,
      terms_accepted: values.termsAccepted,
      ...(await registrationAttributionWithFingerprint(values.promo)),
      ...captchaFields,
    };
    try {
      const phone = toE164(values.phone) ?? '';
      const reply =
        values.channel === 'email'
          ? await registerByEmail({ email: values.email, ...common })
          : await registerByPhone({ phone, ...common });
      // Keep the dialog open for the confirmation step: complete the session without closing it.
      setRegistered({
        channel: values.channel,
        address: values.channel === 'email' ? values.email.trim() : phone,
      });
      await completeLogin({ ...reply, keepOpen: true });
      schedulePostRegistrationDeposit();
    } catch (error) {
      setRegistered(null);
      onError(error);
    }
  });

  if (registered) {
    return (
      <VerifyContact
        channel={registered.channel}
        address={registered.address}
        onDone={() => useModalStore.getState().close(MODAL.signup)}
      />
    );
  }

  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="signup-form">
      <ContactFields
        channel={channel}
        onChannel={(value) => {
          form.setValue('channel', value);
          form.clearErrors();
        }}
        control={form.control}
        register={form.register}
        errors={errors}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={fieldError(errors.password?.message)}
        {...form.register('password')}
      />
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="signup-currency" className="mb-1 block text-sm font-medium">
            {t('currency')}
          </label>
          <select
            id="signup-currency"
            className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-2"
            {...form.register('currency')}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency} {CURRENCY_SYMBOLS[currency]}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('promoOptional')} autoComplete="off" {...form.register('promo')} />
      </div>
      <ConfirmationBox
        id="signup-age"
        error={fieldError(errors.ageConfirmed?.message)}
        registration={confirmation('ageConfirmed')}
      >
        {t('ageConfirmed')}
      </ConfirmationBox>
      <ConfirmationBox
        id="signup-terms"
        error={fieldError(errors.termsAccepted?.message)}
        registration={confirmation('termsAccepted')}
      >
        {t.rich('termsAccepted', {
          link: (chunks) => (
            <Link href={ROUTES.policyUserAgreementEn} className="text-gold underline" target="_blank">
              {chunks}
            </Link>
          ),
        })}
      </ConfirmationBox>
      {captcha.widget}
      <button
        type="submit"
        className={`${buttonClass.primary} w-full`}
        disabled={pending}
        aria-busy={pending}
        data-testid="signup-submit"
      >
        {pending ? t('pending') : t('submitSignup')}
      </button>
      <p className="text-center text-sm text-muted">
        {t('haveAccount')}{' '}
        <button
          type="button"
          className="text-gold underline"
          onClick={() => {
            useModalStore.getState().close(MODAL.signup);
            useModalStore.getState().open(MODAL.login);
          }}
        >
          {t('toLogin')}
        </button>
      </p>
      <SocialButtons currency={currency} promo={promo} confirmations={socialConfirmations} />
    </form>
  );
}

/** A required sign-up box with its label and, when unticked at submit, its error (aria-describedby). */
function ConfirmationBox({
  id,
  error,
  registration,
  children,
}: {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-[#f5c542]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
          {...registration}
        />
        <span className="min-w-0 break-words">{children}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
