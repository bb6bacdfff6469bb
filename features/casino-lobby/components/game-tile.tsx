'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { liveCasinoPath, slotPath } from '@/lib/routes';
import type { CasinoTable as LiveTable } from '../api/replies';
import type { CasinoGame } from '../api/replies';
import { FavouriteButton } from './favourite-button';
import { LiveTableState } from './live-table-state';

/** A game's page of a mode, in its lobby's routes (spec section 2). */
export const gamePath = (game: Pick<CasinoGame, 'code' | 'lobby'>, mode: 'play' | 'demo') =>
  game.lobby === 'live' ? liveCasinoPath(game.code, mode) : slotPath(game.code, mode);

/**
 * One game of a lobby: its art (the provider's thumbnail) leading to the game for money, its name,
 * provider and RTP, "Play" and, when the game has one, "Demo", the favourite toggle for a signed-in
 * player, and a live table's state (round phase, players, last results) where the provider gives it.
 */
export function GameTile({
  game,
  signedIn,
  table,
  eager = false,
}: {
  game: CasinoGame;
  signedIn: boolean;
  table?: LiveTable;
  /** The first row: its images are loaded at once, not when scrolled to. */
  eager?: boolean;
}) {
  const t = useTranslations('casino.tile');
  const format = useFormat();
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-panel"
      data-testid="game-tile"
      data-game={game.code}
    >
      <Link
        prefetch={false}
        href={gamePath(game, 'play')}
        className="relative block aspect-[4/3] bg-panel-2"
        tabIndex={-1}
        aria-hidden="true"
      >
        {game.thumbnail ? (
          // The provider's art, from its own host (CSP img-src): next/image cannot optimise it.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={game.thumbnail}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding={eager ? 'auto' : 'async'}
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="flex h-full items-center justify-center px-2 text-center text-lg font-bold text-gold">
            {game.name}
          </span>
        )}
        {game.tags.length > 0 ? (
          <span className="absolute left-2 top-2 flex gap-1">
            {game.tags.map((tag) =>
              tag === 'new' || tag === 'popular' ? (
                <span key={tag} className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink">
                  {t(`tags.${tag}`)}
                </span>
              ) : null,
            )}
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate font-semibold" title={game.name}>
              {game.name}
            </h3>
            <p className="truncate text-xs text-muted">
              {game.provider_name}
              {game.rtp !== null ? ` · ${t('rtp', { rtp: format.decimal(game.rtp, 2) })}` : ''}
            </p>
          </div>
          {signedIn ? <FavouriteButton code={game.code} name={game.name} favourite={game.favourite} /> : null}
        </div>
        {table ? <LiveTableState table={table} /> : null}
        <div className="mt-auto flex gap-2">
          <Link
            prefetch={false}
            href={gamePath(game, 'play')}
            className="btn-primary min-w-0 flex-1 px-2 py-1.5 text-sm"
            aria-label={t('playLabel', { name: game.name })}
          >
            {t('play')}
          </Link>
          {game.demo ? (
            <Link
              prefetch={false}
              href={gamePath(game, 'demo')}
              className="btn-secondary min-w-0 flex-1 px-2 py-1.5 text-sm"
              aria-label={t('demoLabel', { name: game.name })}
            >
              {t('demo')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The room of a tile while the lobby loads (the same size, so nothing moves when games arrive). */
export function GameTileSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-line bg-panel"
      data-testid="game-tile-skeleton"
    >
      <div className="aspect-[4/3] animate-pulse bg-panel-2 motion-reduce:animate-none" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 rounded bg-panel-2" />
        <div className="h-3 w-1/2 rounded bg-panel-2" />
        <div className="h-8 rounded bg-panel-2" />
      </div>
    </li>
  );
}
