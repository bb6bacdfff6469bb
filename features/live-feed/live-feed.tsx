'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FEED_TOPIC } from '@/lib/constants/feed';
import type { FeedItem } from '@/lib/contracts/feed';
import { useFormat } from '@/lib/i18n/use-format';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { applyFeedEvent, EMPTY_FEED, type FeedState } from './feed-state';

const TABS = ['bets', 'bigWins'] as const;
type Tab = (typeof TABS)[number];
/** Rows shown: the snapshot and every message keep the newest this many. */
export const FEED_ROWS = 10;

/**
 * The live feed of bets and big wins (the realtime topic `feed`), while mounted. LiveFeedLoader mounts it
 * (and loads its code) once the section nears the screen.
 */
export function LiveFeed() {
  const t = useTranslations('liveFeed');
  const games = useTranslations('history.games');
  const format = useFormat();
  const [tab, setTab] = useState<Tab>('bets');
  const [feed, setFeed] = useState<FeedState>(EMPTY_FEED);

  const state = useRealtimeTopic('general', FEED_TOPIC, (event: RealtimeEvent) =>
    setFeed((current) => applyFeedEvent(current, event, FEED_ROWS)),
  );

  const rows = tab === 'bets' ? feed.bets : feed.bigWins;
  const gameName = (game: string) => (games.has(game as 'dice') ? games(game as 'dice') : game);

  return (
    <div data-testid="live-feed">
      <div role="tablist" aria-label={t('tabs')} className="mb-3 flex gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`min-h-9 rounded-lg px-3 text-sm font-semibold ${tab === name ? 'bg-gold text-ink' : 'bg-panel text-muted hover:text-fg'}`}
            data-testid={`live-feed-tab-${name}`}
          >
            {t(name)}
          </button>
        ))}
        {state === 'reconnecting' ? (
          <span role="status" className="ml-auto self-center text-xs text-muted">
            {t('reconnecting')}
          </span>
        ) : null}
      </div>
      {!feed.loaded ? (
        <p className="min-h-24 text-sm text-muted" role="status">
          {t('loading')}
        </p>
      ) : rows.length === 0 ? (
        <p className="min-h-24 text-sm text-muted" data-testid="live-feed-empty">
          {tab === 'bets' ? t('empty') : t('emptyBigWins')}
        </p>
      ) : (
        <table className="w-full table-fixed text-sm" data-testid="live-feed-table">
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 font-normal">
                {t('game')}
              </th>
              <th scope="col" className="py-1 font-normal">
                {t('player')}
              </th>
              <th scope="col" className="hidden py-1 text-right font-normal sm:table-cell">
                {t('amount')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('multiplier')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('payout')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item: FeedItem) => (
              <tr key={item.id} className="border-t border-line" data-testid="live-feed-row">
                <td className="truncate py-2">{gameName(item.game)}</td>
                <td className="truncate py-2" data-testid="live-feed-player">
                  {item.player ?? <span className="text-muted">{t('hidden')}</span>}
                </td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                  {format.money(item.amount, item.currency)}
                </td>
                <td className="py-2 text-right tabular-nums">{format.multiplier(item.multiplier)}</td>
                <td
                  className={`truncate py-2 text-right tabular-nums ${item.payout > 0 ? 'text-ok' : 'text-muted'}`}
                >
                  {format.money(item.payout, item.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
