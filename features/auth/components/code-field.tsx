'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { OutboxNote } from '@/components/ui/outbox-note';
import { TextField } from '@/components/ui/text-field';

/** When a resend unlocks, `seconds` from now (epoch ms). */
export function resendDeadline(seconds: number): number {
  return Date.now() + seconds * 1_000;
}

/**
 * A six-digit code input with a resend button that unlocks at `resendAt` (epoch ms), counting down;
 * outside production, a link to the local outbox the code went to (`address`).
 */
export function CodeField({
  value,
  onChange,
  resendAt,
  onResend,
  sentTo,
  address,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  resendAt: number;
  onResend: () => void;
  sentTo: string;
  /** The e-mail address or phone number (E.164) the code went to. */
  address: string;
  error?: string;
}) {
  const t = useTranslations('auth');
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((resendAt - now) / 1_000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1_000);
    return () => clearTimeout(timer);
  }, [left, now]);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted" role="status">
        {sentTo}
      </p>
      <OutboxNote to={address} />
      <TextField
        label={t('code')}
        hint={t('codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        data-testid="code-input"
      />
      <button
        type="button"
        className="text-sm text-gold disabled:text-muted"
        disabled={left > 0}
        onClick={onResend}
      >
        {left > 0 ? t('resendIn', { seconds: left }) : t('resendCode')}
      </button>
    </div>
  );
}
