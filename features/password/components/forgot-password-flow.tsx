'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { useCaptcha, type CaptchaFields } from '@/components/ui/captcha';
import { PendingButton } from '@/components/ui/pending-button';
import { PhoneInput, toE164, type PhoneValue } from '@/components/ui/phone-input';
import { OutboxNote } from '@/components/ui/outbox-note';
import { TextField } from '@/components/ui/text-field';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { PHONE_COUNTRIES, type PhoneCountry } from '@/lib/constants/phone-masks';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useRouter } from '@/lib/i18n/navigation';
import { formatPhone } from '@/lib/masks';
import { resetPasswordPath } from '@/lib/routes';
import { notify } from '@/lib/stores/notification-store';
import { confirmEmailCode, forgotByEmail } from '../api/restore-by-email';
import { confirmPhoneCode, forgotByPhone } from '../api/restore-by-phone';
import { codeStepSchema, emailStepSchema } from '../schemas';
import { useCountdown } from './use-countdown';
import { useValidationMessages } from './use-validation-messages';

type Channel = 'email' | 'phone';
const CHANNELS: readonly Channel[] = ['email', 'phone'];

/** What the first step sent: where the code went and when it may be sent again. */
interface CodeSent {
  channel: Channel;
  /** The e-mail (lower case) or the phone in E.164, as the calls take it. */
  address: string;
  resendAt: number;
  expiresInS: number;
}

interface CodeSentReply {
  resend_after: number;
  expires_in: number;
}

const sentFrom = (channel: Channel, address: string, reply: CodeSentReply): CodeSent => ({
  channel,
  address,
  resendAt: Date.now() + reply.resend_after * 1000,
  expiresInS: reply.expires_in,
});

const sendCode = (channel: Channel, address: string, captcha: CaptchaFields) =>
  channel === 'email'
    ? forgotByEmail({ email: address, ...captcha })
    : forgotByPhone({ phone: address, ...captcha });

/**
 * Sends the code with a new hCaptcha token for the restore action; null (nothing sent) when the check
 * could not give one: the widget then says why, and the form's loading state ends.
 */
async function sendRestoreCode(
  captcha: ReturnType<typeof useCaptcha>,
  channel: Channel,
  address: string,
): Promise<CodeSent | null> {
  const fields = await captcha.fields('restore');
  if (!fields) return null;
  return sendCode(channel, address, fields).then((reply) => sentFrom(channel, address, reply));
}

/**
 * `/password/reset` (spec sections 2 and 7): choose e-mail or phone, get a six-digit code, confirm it
 * for a reset token, and continue on `/reset-password/{token}` (with `?phone=` for the phone flow).
 */
export function ForgotPasswordFlow() {
  const [channel, setChannel] = useState<Channel>('email');
  const [sent, setSent] = useState<CodeSent | null>(null);

  if (sent) return <CodeStep sent={sent} onResent={setSent} onBack={() => setSent(null)} />;
  return (
    <div className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <ChannelTabs channel={channel} onChange={setChannel}>
        {channel === 'email' ? <EmailStep onSent={setSent} /> : <PhoneStep onSent={setSent} />}
      </ChannelTabs>
    </div>
  );
}

/** The e-mail and phone tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). */
function ChannelTabs({
  channel,
  onChange,
  children,
}: {
  channel: Channel;
  onChange: (channel: Channel) => void;
  children: ReactNode;
}) {
  const t = useTranslations('password.tabs');
  const baseId = useId();
  const refs = useRef<Record<Channel, HTMLButtonElement | null>>({ email: null, phone: null });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = CHANNELS.indexOf(channel);
    const next =
      event.key === 'ArrowRight'
        ? CHANNELS[(index + 1) % CHANNELS.length]
        : event.key === 'ArrowLeft'
          ? CHANNELS[(index - 1 + CHANNELS.length) % CHANNELS.length]
          : event.key === 'Home'
            ? CHANNELS[0]
            : event.key === 'End'
              ? CHANNELS[CHANNELS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={t('label')}
        className="mb-5 grid grid-cols-2 gap-2"
        onKeyDown={onKeyDown}
      >
        {CHANNELS.map((c) => (
          <button
            key={c}
            ref={(el) => {
              refs.current[c] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${c}`}
            aria-selected={channel === c}
            aria-controls={`${baseId}-panel`}
            tabIndex={channel === c ? 0 : -1}
            onClick={() => onChange(c)}
            className={`min-h-11 rounded-xl border px-3 font-semibold transition ${
              channel === c ? 'border-gold bg-panel-2 text-gold' : 'border-line text-muted hover:text-white'
            }`}
          >
            {t(c)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${channel}`}>
        {children}
      </div>
    </>
  );
}

function EmailStep({ onSent }: { onSent: (sent: CodeSent) => void }) {
  const t = useTranslations('password');
  const translator = useErrorTranslator();
  const messages = useValidationMessages();
  const captcha = useCaptcha();
  const form = useForm({ resolver: zodResolver(emailStepSchema(messages)), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (email: string) => sendRestoreCode(captcha, 'email', email),
    onSuccess: (sent) => sent && onSent(sent),
    onError: (error) => notifyRequestError(error, translator),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(({ email }) => send.mutate(email))} className="space-y-4">
      <p className="text-sm text-muted">{t('forgot.emailIntro')}</p>
      <TextField
        label={t('forgot.emailLabel')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <p className="text-sm text-muted">{t('linkNote')}</p>
      {captcha.widget}
      <PendingButton
        type="submit"
        pending={send.isPending}
        pendingLabel={t('forgot.sending')}
        className={`${buttonClass.primary} w-full`}
      >
        {t('forgot.send')}
      </PendingButton>
    </form>
  );
}

function PhoneStep({ onSent }: { onSent: (sent: CodeSent) => void }) {
  const t = useTranslations('password');
  const translator = useErrorTranslator();
  const locale = useLocale();
  const phoneMessage = t('validation.phone');
  const schema = useMemo(
    () =>
      z.object({
        phone: z
          .object({ country: z.enum(PHONE_COUNTRIES), national: z.string() })
          .refine((value) => toE164(value) !== null, phoneMessage),
      }),
    [phoneMessage],
  );
  const defaultCountry: PhoneCountry = locale === 'kz' ? 'kz' : 'ru';
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { phone: { country: defaultCountry, national: '' } as PhoneValue },
  });
  const captcha = useCaptcha();
  const send = useMutation({
    mutationFn: (phone: string) => sendRestoreCode(captcha, 'phone', phone),
    onSuccess: (sent) => sent && onSent(sent),
    onError: (error) => notifyRequestError(error, translator),
  });
  const countryNames: Record<PhoneCountry, string> = {
    ru: t('countries.ru'),
    kz: t('countries.kz'),
    by: t('countries.by'),
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ phone }) => {
        const e164 = toE164(phone);
        if (e164) send.mutate(e164);
      })}
      className="space-y-4"
    >
      <p className="text-sm text-muted">{t('forgot.phoneIntro')}</p>
      <Controller
        control={form.control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneInput
            value={field.value}
            onChange={field.onChange}
            label={t('forgot.phoneLabel')}
            countryLabel={t('forgot.countryLabel')}
            countryNames={countryNames}
            error={fieldState.error?.message}
          />
        )}
      />
      {captcha.widget}
      <PendingButton
        type="submit"
        pending={send.isPending}
        pendingLabel={t('forgot.sending')}
        className={`${buttonClass.primary} w-full`}
      >
        {t('forgot.send')}
      </PendingButton>
    </form>
  );
}

function CodeStep({
  sent,
  onResent,
  onBack,
}: {
  sent: CodeSent;
  onResent: (sent: CodeSent) => void;
  onBack: () => void;
}) {
  const t = useTranslations('password');
  const translator = useErrorTranslator();
  const messages = useValidationMessages();
  const router = useRouter();
  const secondsLeft = useCountdown(sent.resendAt);
  const captcha = useCaptcha();
  const form = useForm({ resolver: zodResolver(codeStepSchema(messages)), defaultValues: { code: '' } });

  const confirm = useMutation({
    mutationFn: (code: string) =>
      sent.channel === 'email'
        ? confirmEmailCode({ email: sent.address, code })
        : confirmPhoneCode({ phone: sent.address, code }),
    onSuccess: ({ data }) => {
      const query = sent.channel === 'phone' ? `?phone=${encodeURIComponent(sent.address)}` : '';
      router.push(`${resetPasswordPath(data.reset_token)}${query}`);
    },
    onError: (error) => notifyRequestError(error, translator),
  });
  const resend = useMutation({
    mutationFn: () => sendRestoreCode(captcha, sent.channel, sent.address),
    onSuccess: (next) => {
      if (!next) return;
      notify({ kind: 'info', text: t('code.resent') });
      form.reset();
      onResent(next);
    },
    onError: (error) => notifyRequestError(error, translator),
  });

  const shownAddress = sent.channel === 'phone' ? formatPhone(sent.address) : sent.address;
  const minutes = Math.max(1, Math.ceil(sent.expiresInS / 60));

  return (
    <div className="space-y-4 rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <div role="status" className="space-y-1">
        <p>{t('code.sentTo', { address: shownAddress })}</p>
        <p className="text-sm text-muted">{t('code.validFor', { minutes })}</p>
        {sent.channel === 'email' ? <p className="text-sm text-muted">{t('linkNote')}</p> : null}
      </div>
      <OutboxNote to={sent.address} />
      <form noValidate onSubmit={form.handleSubmit(({ code }) => confirm.mutate(code))} className="space-y-4">
        <TextField
          label={t('code.label')}
          hint={t('code.hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          className="max-w-xs"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <PendingButton
          type="submit"
          pending={confirm.isPending}
          pendingLabel={t('code.confirming')}
          className={`${buttonClass.primary} w-full`}
        >
          {t('code.confirm')}
        </PendingButton>
      </form>
      {captcha.widget}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PendingButton
          type="button"
          onClick={() => resend.mutate()}
          disabled={secondsLeft > 0}
          pending={resend.isPending}
          pendingLabel={t('code.resending')}
          className={buttonClass.secondary}
        >
          {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.resend')}
        </PendingButton>
        <button type="button" onClick={onBack} className={buttonClass.ghost}>
          {t('code.changeAddress')}
        </button>
      </div>
    </div>
  );
}
