'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import {
  resendEmailVerification,
  resendPhoneVerification,
  verifyEmailCode,
  verifyPhoneCode,
} from '@/features/auth/api/auth-calls';
import { profileQueryKey } from '@/lib/session/get-profile';
import { notify } from '@/lib/stores/notification-store';
import { CodeField, resendDeadline } from './code-field';
import { useAuthError } from './use-auth-error';

/** How long to wait before the first resend: the server sends the first code with the registration. */
const FIRST_RESEND_AFTER_S = 60;

/** After sign-up: confirm the e-mail or phone with the code sent to it, or leave it for later. */
export function VerifyContact({
  channel,
  address,
  onDone,
}: {
  channel: 'email' | 'phone';
  address: string;
  onDone: () => void;
}) {
  const t = useTranslations('auth');
  const queryClient = useQueryClient();
  const onError = useAuthError('signup');
  const [code, setCode] = useState('');
  const [resendAt, setResendAt] = useState(() => resendDeadline(FIRST_RESEND_AFTER_S));
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function resend() {
    try {
      const reply = await (channel === 'email' ? resendEmailVerification() : resendPhoneVerification());
      setResendAt(resendDeadline(reply.resend_after));
    } catch (error) {
      onError(error);
    }
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setInvalid(true);
      return;
    }
    setPending(true);
    try {
      await (channel === 'email' ? verifyEmailCode({ code }) : verifyPhoneCode({ code }));
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      notify({ kind: 'success', text: t('verified') });
      onDone();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={confirm} className="mt-4 space-y-4" data-testid="verify-contact" noValidate>
      <h3 className="text-lg font-semibold">
        {t('verifyTitle', { channel: t(channel === 'email' ? 'email' : 'phone') })}
      </h3>
      <p className="text-sm text-muted">{t('verifyText', { address })}</p>
      <CodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setInvalid(false);
        }}
        resendAt={resendAt}
        onResend={() => void resend()}
        sentTo={t(channel === 'email' ? 'codeSentEmail' : 'codeSentPhone', { address })}
        address={address}
        error={invalid ? t('invalidCode') : undefined}
      />
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onDone} data-testid="verify-later">
          {t('verifyLater')}
        </button>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={pending}
          aria-busy={pending}
          data-testid="verify-submit"
        >
          {pending ? t('pending') : t('verifySubmit')}
        </button>
      </div>
    </form>
  );
}
