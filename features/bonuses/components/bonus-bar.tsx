'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { isPromoCode } from '@/lib/contracts/promo-code';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { withoutPrivateParams } from '@/lib/private-query';
import { MODAL } from '@/lib/stores/modal-store';
import { bonusOfferQueryOptions } from '../api/get-bonus-offer';
import { BONUS_BAR_BOX, BonusBarPlaceholder } from './bonus-bar-placeholder';
import { waitingBonusQueryOptions } from '../api/get-waiting-bonus';
import { welcomePackQueryOptions } from '../api/get-welcome-pack';
import { bonusKeys } from '@/lib/session/bonus-keys';
import { BONUS_COUNTDOWN_TICK_MS } from '../constants';
import { ensureCountdownEnd, formatCountdown, type CountdownKind, type CountdownUnits } from '../countdown';
import { isRejectedPromo, usePromoStore } from '../stores/promo-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useNow } from './use-now';
import { useSignUpWithPromo } from './use-sign-up-with-promo';

/**
 * The bonus bar under the header (spec section 4 "Bonus bar"):
 * - a guest with a promo code (the `promo` query parameter, kept for the session) sees the
 *   registration-deposit bonus behind it, a 3-day countdown kept in a cookie, and a sign-up button that
 *   keeps the code;
 * - a guest without one sees the welcome pack (its public title and first stage), a 7-day countdown and
 *   a sign-up button;
 * - a logged-in user sees their own registration-deposit bonus waiting for a deposit, the time left and
 *   a deposit button; nothing when they have none.
 * A promo code whose lookup fails is forgotten and removed from the address; the welcome pack shows
 * instead. Nothing shows after a failure; before hydration (the session is read in the browser) and while
 * a guest's offer loads, the bar's space is kept empty (BonusBarPlaceholder), so the page does not move.
 */
export function BonusBar() {
  const { ready, isLoggedIn } = useClientSession();
  const queryClient = useQueryClient();

  // Personal bonus data belongs to one session: drop it when the user logs out.
  useEffect(() => {
    if (ready && !isLoggedIn) queryClient.removeQueries({ queryKey: bonusKeys.mine() });
  }, [ready, isLoggedIn, queryClient]);

  if (!ready) return <BonusBarPlaceholder />;
  return isLoggedIn ? <UserBonus /> : <GuestBonus />;
}

function useCountdownUnits(): CountdownUnits {
  const t = useTranslations('bonusBar.units');
  return useMemo(
    () => ({ days: t('days'), hours: t('hours'), minutes: t('minutes'), seconds: t('seconds') }),
    [t],
  );
}

/** The ticking time left. A timer role is not announced as it changes (implicit `aria-live="off"`). */
function Timer({ label, ms }: { label: string; ms: number }) {
  const units = useCountdownUnits();
  return (
    <p className="shrink-0 text-sm">
      <span className="text-muted">{label}</span>{' '}
      <span
        role="timer"
        aria-live="off"
        className="font-semibold tabular-nums text-gold"
        data-testid="bonus-bar-timer"
      >
        {formatCountdown(ms, units)}
      </span>
    </p>
  );
}

/** A countdown whose end lives in a cookie and restarts once it has run out (see countdown.ts). */
function CookieCountdown({ kind }: { kind: CountdownKind }) {
  const t = useTranslations('bonusBar');
  const [state, setState] = useState(() => {
    const now = Date.now();
    return { now, end: ensureCountdownEnd(kind, now).end };
  });
  useEffect(() => {
    const id = setInterval(() => {
      const now = Date.now();
      setState({ now, end: ensureCountdownEnd(kind, now).end });
    }, BONUS_COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [kind]);
  return <Timer label={t('endsIn')} ms={state.end - state.now} />;
}

function Bar({
  title,
  text,
  timer,
  action,
  testId,
}: {
  title: string;
  text?: string;
  timer: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  const t = useTranslations('bonusBar');
  return (
    <section aria-label={t('label')} className={BONUS_BAR_BOX} data-testid={testId}>
      {/* One height whatever the texts: the title on one line, the text in two lines on phones, one from sm. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:flex-nowrap">
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate font-semibold" data-testid="bonus-bar-title">
            {title}
          </p>
          <div className="min-h-10 sm:min-h-5">
            {text ? (
              <p className="line-clamp-2 text-sm text-muted sm:line-clamp-1" data-testid="bonus-bar-text">
                {text}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:shrink-0 sm:justify-end">
          {timer}
          {action}
        </div>
      </div>
    </section>
  );
}

const barButton = `${buttonClass.primary} shrink-0 text-sm`;

/** The promo code of a guest: a valid one from the address (unless rejected before), else the session's. */
function useGuestPromo(): { promo: string | null; fromQuery: string | null } {
  const searchParams = useSearchParams();
  const fromQuery = searchParams.get('promo');
  const stored = usePromoStore((state) => state.promo);
  const rejected = usePromoStore((state) => (fromQuery ? isRejectedPromo(state, fromQuery) : false));
  const queryPromo = fromQuery && !rejected && isPromoCode(fromQuery) ? fromQuery.trim() : null;

  useEffect(() => {
    if (queryPromo) usePromoStore.getState().setPromo(queryPromo);
  }, [queryPromo]);

  return { promo: queryPromo ?? stored, fromQuery: rejected ? null : fromQuery };
}

/** Forgets a promo code and removes `promo` from the address (other parameters kept, no scroll). */
function useRejectPromo(): (promo: string) => void {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  return useCallback(
    (promo: string) => {
      usePromoStore.getState().rejectPromo(promo);
      if (!searchParams.has('promo')) return;
      const params = withoutPrivateParams(searchParams.toString());
      params.delete('promo');
      const query = params.toString();
      router.replace(`${pathname}${query ? `?${query}` : ''}${window.location.hash}`, { scroll: false });
    },
    [searchParams, pathname, router],
  );
}

function GuestBonus() {
  const { promo, fromQuery } = useGuestPromo();
  const reject = useRejectPromo();

  // A code in the address that is not even a code is a failed lookup without the call.
  const malformed = fromQuery !== null && !isPromoCode(fromQuery) ? fromQuery : null;
  useEffect(() => {
    if (malformed !== null) reject(malformed);
  }, [malformed, reject]);

  return promo ? (
    <PromoOffer key={promo.toUpperCase()} promo={promo} onFailed={reject} />
  ) : (
    <WelcomePackOffer />
  );
}

function PromoOffer({ promo, onFailed }: { promo: string; onFailed: (promo: string) => void }) {
  const t = useTranslations('bonusBar');
  const offer = useQuery(bonusOfferQueryOptions(promo));
  const signUp = useSignUpWithPromo();
  const failed = offer.isError;

  useEffect(() => {
    if (failed) onFailed(promo);
  }, [failed, promo, onFailed]);

  if (!offer.data) return offer.isPending ? <BonusBarPlaceholder /> : null;
  return (
    <Bar
      testId="bonus-bar-promo"
      title={offer.data.name}
      text={offer.data.description}
      timer={<CookieCountdown kind="bonus" />}
      action={
        <button
          type="button"
          className={barButton}
          onClick={() => signUp(promo)}
          aria-haspopup="dialog"
          data-testid="bonus-bar-signup"
        >
          {t('signup')}
        </button>
      }
    />
  );
}

function WelcomePackOffer() {
  const t = useTranslations('bonusBar');
  const format = useFormat();
  const pack = useQuery(welcomePackQueryOptions(false));
  const error = pack.error;

  useEffect(() => {
    if (error) console.error('welcome pack failed', error);
  }, [error]);

  const first = pack.data?.stages[0];
  if (pack.isPending) return <BonusBarPlaceholder />;
  if (!pack.data?.publicTitle || !first) return null;
  const offer = t('firstStage', {
    percent: first.percent,
    maxBonus: format.money(first.max_bonus, pack.data.currency),
  });
  const spins = first.free_spins > 0 ? ` ${t('freeSpins', { count: first.free_spins })}` : '';
  return (
    <Bar
      testId="bonus-bar-welcome"
      title={pack.data.publicTitle}
      text={`${offer}${spins}`}
      timer={<CookieCountdown kind="welcomePack" />}
      action={
        <DialogTrigger modal={MODAL.signup} className={barButton} testId="bonus-bar-signup">
          {t('signup')}
        </DialogTrigger>
      }
    />
  );
}

function UserBonus() {
  const waiting = useQuery(waitingBonusQueryOptions());
  const error = waiting.error;

  useEffect(() => {
    if (error) console.error('waiting bonus failed', error);
  }, [error]);

  if (!waiting.data) return null;
  return (
    <WaitingBonus
      key={`${waiting.data.id}:${waiting.dataUpdatedAt}`}
      name={waiting.data.name}
      end={waiting.dataUpdatedAt + waiting.data.expires_in * 1000}
    />
  );
}

/** The user's waiting bonus while its time runs; gone once it has run out. */
function WaitingBonus({ name, end }: { name: string; end: number }) {
  const t = useTranslations('bonusBar');
  const now = useNow();
  if (end <= now) return null;
  return (
    <Bar
      testId="bonus-bar-user"
      title={name}
      text={t('depositToGet')}
      timer={<Timer label={t('timeLeft')} ms={end - now} />}
      action={
        <DialogTrigger modal={MODAL.PayIn} className={barButton} testId="bonus-bar-deposit">
          {t('deposit')}
        </DialogTrigger>
      }
    />
  );
}
