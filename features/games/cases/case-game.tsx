'use client';

import { useQuery } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PendingButton } from '@/components/ui/pending-button';
import { statusOf } from '@/lib/api/errors';
import { Link } from '@/lib/i18n/navigation';
import { payoutMinor } from '@/lib/fair/multiplier';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { useBetRequest } from '../shared/bet-request';
import { DepositOffer } from '../shared/components/deposit-offer';
import { GameLayout } from '../shared/components/game-layout';
import { RecentBets } from '../shared/components/recent-bets';
import { prefersReducedMotion } from '../shared/motion';
import { useGameCurrency } from '../api/get-game-limits';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useFormat } from '@/lib/i18n/use-format';
import { caseQueryOptions, type CaseDetail, type CaseItem } from '../api/get-case';
import { openCase, type CasesBet } from '../api/open-case';
import { RARITY_CLASS } from './rarity';
import { buildStrip, STRIP_CELL_PX, STRIP_SPIN_MS, stripOffset } from './strip';

/** An item's chance shows at least two decimals, three for the rarest (1 roll = 0.001 %). */
const ITEM_CHANCE_DIGITS = 3;

interface Spin {
  bet: CasesBet;
  strip: CaseItem[];
  /** translateX of the strip, px. */
  offset: number;
  /** The strip has stopped and the win is shown. */
  done: boolean;
}

/**
 * One case: its items (chance, multiplier and value, rarity), the open button, a horizontal strip that
 * spins to the won item (a CSS transform on the compositor, so it stays smooth on a phone; with reduced
 * motion it jumps straight there) and then the won item and the payout. An unknown case is the app's 404.
 */
export function CaseGame({ slug, spinMs = STRIP_SPIN_MS }: { slug: string; spinMs?: number }) {
  const t = useTranslations('games.cases');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const currency = useGameCurrency();
  const { isLoggedIn } = useClientSession();
  const detail = useQuery(caseQueryOptions(slug, currency));
  const [spin, setSpin] = useState<Spin | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const send = useCallback(
    ({ idempotency_key }: { idempotency_key: string }) => openCase(slug, idempotency_key),
    [slug],
  );
  const request = useBetRequest(send);
  const spinning = spin !== null && !spin.done;

  useEffect(() => {
    if (!spin || spin.done) return;
    if (spin.offset === 0) {
      const reduced = prefersReducedMotion() || spinMs <= 0;
      const target = stripOffset(viewport.current?.offsetWidth ?? 0, ((spin.bet.id * 37) % 80) / 100 - 0.4);
      if (reduced) {
        setSpin({ ...spin, offset: target, done: true });
        return;
      }
      // Two frames: the strip is painted at 0 first, then moves, so the transition runs.
      let second = 0;
      const first = requestAnimationFrame(() => {
        second = requestAnimationFrame(() =>
          setSpin((current) => (current ? { ...current, offset: target } : current)),
        );
      });
      return () => {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      };
    }
    // The strip is moving: the win shows once the transition is over. (This timer lives in its own
    // run of the effect, so the offset update above does not cancel it.)
    const finish = setTimeout(
      () => setSpin((current) => (current ? { ...current, done: true } : current)),
      spinMs + 50,
    );
    return () => clearTimeout(finish);
  }, [spin, spinMs]);

  if (detail.isError && statusOf(detail.error) === 404) notFound();
  if (detail.isPending) {
    return (
      <div className="h-96 animate-pulse rounded-2xl bg-panel" aria-busy="true" data-testid="case-loading" />
    );
  }
  if (detail.isError) {
    return (
      <EmptyState title={t('caseFailed')}>
        <button type="button" className={buttonClass.secondary} onClick={() => void detail.refetch()}>
          {t('retry')}
        </button>
        <Link href={ROUTES.cases} className={buttonClass.secondary}>
          {t('backToCases')}
        </Link>
      </EmptyState>
    );
  }
  const box: CaseDetail = detail.data;

  const open = async () => {
    if (spinning) return;
    try {
      const reply = await request.submit({});
      setSpin({
        bet: reply.bet,
        strip: buildStrip(box.items, reply.bet.outcome.item, reply.bet.id),
        offset: 0,
        done: false,
      });
    } catch {
      // shown by the bet request (notification, deposit offer, sign-up)
    }
  };

  const won = spin?.done ? spin.bet : null;
  const controls = (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-muted">{t('price')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="case-price">
            {format.money(box.price, box.currency)}
          </dd>
        </div>
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-muted">{t('rtpLabel')}</dt>
          <dd className="font-semibold tabular-nums">{format.percent(box.rtp * 100)}</dd>
        </div>
      </dl>
      <PendingButton
        type="button"
        pending={request.pending || spinning}
        pendingLabel={spinning ? t('spinning') : shared('betting')}
        onClick={() => void open()}
        className={`${buttonClass.primary} w-full`}
        data-testid="case-open"
      >
        {isLoggedIn ? t('open', { price: format.money(box.price, box.currency) }) : shared('signUpToPlay')}
      </PendingButton>
      {request.insufficientFunds ? <DepositOffer onDismiss={request.dismissInsufficientFunds} /> : null}
    </div>
  );

  return (
    <GameLayout game="cases" title={box.name} controls={controls} footer={<RecentBets game="cases" />}>
      <div className="space-y-5">
        <div
          ref={viewport}
          className="relative overflow-hidden rounded-xl border border-line bg-ink/60 py-3"
          aria-hidden="true"
          data-testid="case-strip"
        >
          <span className="pointer-events-none absolute inset-y-0 left-1/2 z-10 w-0.5 -translate-x-1/2 bg-gold" />
          <div
            className="flex gap-2 will-change-transform"
            style={{
              transform: `translate3d(${spin?.offset ?? 0}px, 0, 0)`,
              transition:
                spin && spin.offset !== 0 && !spin.done && spinMs > 0
                  ? `transform ${spinMs}ms cubic-bezier(0.12, 0.8, 0.18, 1)`
                  : 'none',
            }}
          >
            {(spin?.strip ?? box.items).map((item, i) => (
              <div
                key={i}
                className={`flex h-24 shrink-0 flex-col items-center justify-center rounded-lg border-2 bg-panel-2 px-1 text-center text-xs ${RARITY_CLASS[item.rarity]}`}
                style={{ width: STRIP_CELL_PX - 8 }}
              >
                <span className="line-clamp-2 font-semibold">{item.name}</span>
                <span className="mt-1 tabular-nums">{format.multiplier(item.multiplier)}</span>
              </div>
            ))}
          </div>
        </div>

        <div aria-live="polite" className="min-h-16 text-center" data-testid="case-result">
          {won ? (
            <div
              className={`mx-auto max-w-sm rounded-xl border-2 bg-panel-2 p-3 ${RARITY_CLASS[won.outcome.item.rarity]}`}
            >
              <p className="text-sm text-muted">{t('youGot')}</p>
              <p className="text-lg font-bold" data-testid="case-won-item">
                {won.outcome.item.name}
              </p>
              <p className="text-white" data-testid="case-payout">
                {t('payout', {
                  multiplier: format.multiplier(won.outcome.item.multiplier),
                  payout: format.money(won.payout, won.currency),
                })}
              </p>
            </div>
          ) : null}
        </div>

        {/* Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('items')}>
          <table className="w-full text-left text-sm" data-testid="case-items">
            <caption className="mb-2 text-left font-semibold">{t('items')}</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('item')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('chance')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('multiplier')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {box.items.map((item) => (
                <tr key={item.id} className="border-t border-line" data-testid="case-item">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <span
                      className={`mr-2 inline-block rounded border px-1.5 text-[0.7rem] uppercase ${RARITY_CLASS[item.rarity]}`}
                    >
                      {t(`rarity.${item.rarity}`)}
                    </span>
                    {item.name}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {format.percent(item.chance, ITEM_CHANCE_DIGITS)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{format.multiplier(item.multiplier)}</td>
                  <td className="py-2 text-right tabular-nums">
                    {format.money(
                      fromMinorUnits(Number(payoutMinor(toMinorUnits(box.price), item.multiplier))),
                      box.currency,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </GameLayout>
  );
}
