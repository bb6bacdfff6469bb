'use client';

import { useTranslations } from 'next-intl';
import { VipBadge } from '@/components/ui/vip-badge';
import type { ReactNode } from 'react';
import { userCurrency, type User } from '@/lib/api/schemas/user';
import { CURRENCY_SYMBOLS } from '@/lib/constants/currencies';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { formatPhone } from '@/lib/masks';
import { roundMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { mapVerificationStatus } from '@/lib/verification';
import { ProfileData } from './profile-data';

/** `/profile`: who the user is, their balance and where their verification stands. */
export function ProfileScreen() {
  return <ProfileData skeletonRows={4}>{(user) => <ProfileDetails user={user} />}</ProfileData>;
}

type VerificationKey = 'pending' | 'failed' | 'success' | 'required' | 'notRequired';

const VERIFICATION_TONE: Record<VerificationKey, string> = {
  pending: 'border-gold/60 text-gold',
  failed: 'border-danger/60 text-danger',
  success: 'border-ok/60 text-ok',
  required: 'border-gold/60 text-gold',
  notRequired: 'border-line text-muted',
};

/** The verification text of spec section 4; without a known status, whether verification is needed. */
export function verificationKeyOf(user: Pick<User, 'verification'>): VerificationKey {
  return (
    mapVerificationStatus(user.verification?.data?.status) ??
    (user.verification?.is_need ? 'required' : 'notRequired')
  );
}

export function ProfileDetails({ user }: { user: User }) {
  const t = useTranslations('profile');
  const format = useFormat();
  const currency = userCurrency(user);
  const money = (amount: number) => format.money(amount, currency);
  const bonus = user.bonus ?? user.bonus_balance ?? 0;
  const total = user.total_balance ?? roundMoney(user.balance + bonus);
  const displayName = user.name?.trim() || user.email || t('unnamed');
  const verification = verificationKeyOf(user);

  return (
    <div className="space-y-4">
      <section
        aria-labelledby="profile-identity"
        className="flex items-center gap-4 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <Avatar user={user} name={displayName} />
        <div className="min-w-0">
          <h2 id="profile-identity" className="truncate text-xl font-bold" data-testid="profile-name">
            {displayName}
          </h2>
          <p className="text-sm text-muted">{t('userId', { id: user.id })}</p>
          <p className="mt-1 flex flex-wrap gap-2">
            {user.premium?.status ? (
              <span className="inline-flex rounded-full border border-gold/60 px-2 py-0.5 text-xs font-semibold text-gold">
                <span aria-hidden="true" className="mr-1">
                  ★
                </span>
                {t('premium')}
              </span>
            ) : (
              <span className="inline-flex rounded-full border border-line px-2 py-0.5 text-xs text-muted">
                {t('standard')}
              </span>
            )}
            <VipBadge level={user.vip_level} variant="pill" />
          </p>
          {user.is_avatar_hidden ? <p className="mt-1 text-xs text-muted">{t('avatarHiddenNote')}</p> : null}
        </div>
      </section>

      <section
        aria-labelledby="profile-balances"
        className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <h2 id="profile-balances" className="text-lg font-semibold">
          {t('balances.title')}
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Amount label={t('balances.balance')} value={money(user.balance)} testId="profile-balance" />
          <Amount label={t('balances.bonus')} value={money(bonus)} testId="profile-bonus" />
          <Amount label={t('balances.total')} value={money(total)} testId="profile-total" strong />
        </dl>
      </section>

      <section
        aria-labelledby="profile-details"
        className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <h2 id="profile-details" className="text-lg font-semibold">
          {t('details.title')}
        </h2>
        <dl className="mt-3 divide-y divide-line">
          <Row label={t('details.name')}>{user.name?.trim() || <NotSet />}</Row>
          <Row label={t('details.email')}>
            {user.email ? (
              <>
                <span className="break-all">{user.email}</span> <Verified verified={user.is_email_verified} />
              </>
            ) : (
              <NotSet />
            )}
          </Row>
          <Row label={t('details.phone')}>
            {user.phone ? (
              <>
                <span className="tabular-nums">{formatPhone(user.phone)}</span>{' '}
                <Verified verified={user.is_phone_verified} />
              </>
            ) : (
              <NotSet />
            )}
          </Row>
          <Row label={t('details.currency')}>
            {currency} ({CURRENCY_SYMBOLS[currency]})
          </Row>
        </dl>
      </section>

      <section
        aria-labelledby="profile-verification"
        className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-verification" className="text-lg font-semibold">
            {t('verification.title')}
          </h2>
          <span
            data-testid="verification-status"
            className={`inline-flex rounded-full border px-3 py-0.5 text-sm font-semibold ${VERIFICATION_TONE[verification]}`}
          >
            {t(`verification.${verification}.label`)}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted">{t(`verification.${verification}.text`)}</p>
        <Link
          href={ROUTES.policyKyc}
          className="mt-3 inline-block text-sm text-gold underline hover:text-gold-dark"
        >
          {t('verification.policyLink')}
        </Link>
      </section>
    </div>
  );
}

function Avatar({ user, name }: { user: User; name: string }) {
  const t = useTranslations('profile');
  const src = user.image?.small;
  if (src) {
    // A user's picture from the API host: plain <img>, next/image would need every mirror host configured.
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={src}
        alt={t('avatarAlt', { name })}
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-full object-cover"
      />
    );
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      data-testid="profile-initial"
      className="flex size-16 shrink-0 items-center justify-center rounded-full bg-panel-2 text-2xl font-bold text-gold"
    >
      {initial}
    </span>
  );
}

function Amount({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-xl bg-panel-2 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd
        data-testid={testId}
        className={`mt-1 tabular-nums ${strong ? 'text-xl font-bold text-gold' : 'text-lg font-semibold'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function NotSet() {
  const t = useTranslations('profile.details');
  return <span className="text-muted">{t('notSet')}</span>;
}

function Verified({ verified }: { verified: boolean | null | undefined }) {
  const t = useTranslations('profile');
  return verified ? (
    <span className="ml-1 inline-flex items-center rounded-full border border-ok/50 px-2 py-0.5 text-xs text-ok">
      <span aria-hidden="true" className="mr-1">
        ✓
      </span>
      {t('verified')}
    </span>
  ) : (
    <span className="ml-1 inline-flex items-center rounded-full border border-line px-2 py-0.5 text-xs text-muted">
      {t('unverified')}
    </span>
  );
}
