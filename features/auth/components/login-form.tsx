'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button-styles';
import { toE164 } from '@/components/ui/phone-input';
import { TextField } from '@/components/ui/text-field';
import {
  loginByEmailCode,
  loginByEmailPassword,
  loginByPhoneCode,
  loginByPhonePassword,
  resendEmailLoginCode,
  resendPhoneLoginCode,
  sendEmailLoginCode,
  sendPhoneLoginCode,
} from '@/features/auth/api/auth-calls';
import { useCompleteLogin } from '@/features/auth/lib/use-complete-login';
import { FINGERPRINT_REGISTRATION_WAIT_MS } from '@/lib/constants/timing';
import { getSealedFingerprintWithin, prepareFingerprintUpload } from '@/lib/fingerprint';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { loginFormSchema, type LoginForm } from './auth-form-schema';
import { useCaptcha } from '@/components/ui/captcha';
import { CodeField, resendDeadline } from './code-field';
import { ContactFields } from './contact-fields';
import { Segmented } from './segmented';
import { SocialButtons } from './social-buttons';
import { useAuthError } from './use-auth-error';

export function LoginForm() {
  const t = useTranslations('auth');
  const locale = useLocale();
  const completeLogin = useCompleteLogin();
  const onError = useAuthError('login');
  const captcha = useCaptcha();
  const [codeSent, setCodeSent] = useState<{ to: string; address: string; resendAt: number } | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: {
      channel: 'email',
      method: 'password',
      email: '',
      phone: { country: locale === 'kz' ? 'kz' : 'ru', national: '' },
      password: '',
      code: '',
    },
  });
  const channel = useWatch({ control: form.control, name: 'channel' });
  const method = useWatch({ control: form.control, name: 'method' });
  const errors = form.formState.errors;
  const fieldError = (key?: string) => (key ? t(key as never) : undefined);
  // The dialog is open: a log-in uploads the device fingerprint (`fpp`), so start it now (lib/fingerprint.ts).
  useEffect(() => {
    prepareFingerprintUpload();
  }, []);

  const sendCode = async (resend: boolean) => {
    const valid = await form.trigger(channel === 'email' ? 'email' : 'phone');
    if (!valid) return;
    const captchaFields = await captcha.fields('code');
    if (!captchaFields) return;
    try {
      const { email, phone } = form.getValues();
      const e164 = toE164(phone) ?? '';
      const reply =
        channel === 'email'
          ? await (resend ? resendEmailLoginCode : sendEmailLoginCode)({ email, ...captchaFields })
          : await (resend ? resendPhoneLoginCode : sendPhoneLoginCode)({ phone: e164, ...captchaFields });
      const address = channel === 'email' ? email.trim() : e164;
      setCodeSent({
        to: t(channel === 'email' ? 'codeSentEmail' : 'codeSentPhone', { address }),
        address,
        resendAt: resendDeadline(reply.resend_after),
      });
    } catch (error) {
      onError(error);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (values.method === 'code' && !codeSent) return sendCode(false);
    if (values.method === 'code' && !/^\d{6}$/.test(values.code)) {
      form.setError('code', { message: 'invalidCode' });
      return;
    }
    const captchaFields = values.method === 'password' ? await captcha.fields('log-in') : {};
    if (!captchaFields) return;
    try {
      const phone = toE164(values.phone) ?? '';
      const fpp = await getSealedFingerprintWithin(FINGERPRINT_REGISTRATION_WAIT_MS);
      const { password, code } = values;
      const reply =
        values.channel === 'email'
          ? values.method === 'password'
            ? await loginByEmailPassword({ email: values.email, password, fpp, ...captchaFields })
            : await loginByEmailCode({ email: values.email, code, fpp })
          : values.method === 'password'
            ? await loginByPhonePassword({ phone, password, fpp, ...captchaFields }, false)
            : await loginByPhoneCode({ phone, code, fpp }, true);
      await completeLogin(reply);
    } catch (error) {
      onError(error);
    }
  });

  const switchTo = (patch: Partial<Pick<LoginForm, 'channel' | 'method'>>) => {
    for (const [key, value] of Object.entries(patch))
      form.setValue(key as 'channel' | 'method', value as never);
    setCodeSent(null);
    form.clearErrors();
  };

  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="login-form">
      <ContactFields
        channel={channel}
        onChannel={(value) => switchTo({ channel: value })}
        control={form.control}
        register={form.register}
        errors={errors}
      />
      <Segmented
        label={t('methodLabel')}
        value={method}
        onChange={(value) => switchTo({ method: value })}
        options={[
          { value: 'password', label: t('withPassword') },
          { value: 'code', label: t('withCode') },
        ]}
      />
      {method === 'password' ? (
        <TextField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          {...form.register('password')}
        />
      ) : codeSent ? (
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <CodeField
              value={field.value}
              onChange={field.onChange}
              resendAt={codeSent.resendAt}
              onResend={() => void sendCode(true)}
              sentTo={codeSent.to}
              address={codeSent.address}
              error={fieldError(errors.code?.message)}
            />
          )}
        />
      ) : null}
      {captcha.widget}
      <button
        type="submit"
        className={`${buttonClass.primary} w-full`}
        disabled={pending}
        aria-busy={pending}
        data-testid="login-submit"
      >
        {pending ? t('pending') : method === 'code' && !codeSent ? t('sendCode') : t('submitLogin')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          href={ROUTES.passwordReset}
          className="text-gold underline"
          onClick={() => useModalStore.getState().close(MODAL.login)}
        >
          {t('forgot')}
        </Link>
        <span className="text-muted">
          {t('noAccount')}{' '}
          <button
            type="button"
            className="text-gold underline"
            onClick={() => {
              useModalStore.getState().close(MODAL.login);
              useModalStore.getState().open(MODAL.signup);
            }}
          >
            {t('toSignup')}
          </button>
        </span>
      </div>
      <SocialButtons />
    </form>
  );
}
