'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GameArt } from '@/components/game-art/game-art';
import { TitleArt } from '@/components/game-art/title-art';
import { Link } from '@/lib/i18n/navigation';
import { liveCasinoPath, ROUTES, slotPath } from '@/lib/routes';
import { recentGamesQueryOptions } from '../api/get-recent-games';
import { inHouseGame } from '../in-house-games';

/** The row's words, written on the server (the row needs no messages of its own in the browser). */
export interface RecentlyPlayedText {
  title: string;
  seeAll: string;
  seeAllLabel: string;
  /** Each in-house game's name by its key, and `sports`. */
  names: Record<string, string>;
}

interface RecentTile {
  key: string;
  href: string;
  name: string;
  art: ReactNode;
}

/** `aurora-wilds` → `Aurora Wilds`: a provider game's name when only its code is known. */
export const nameOfCode = (code: string) =>
  code
    .split(/[-_.:]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

/** A played game's tile, by its activity key (lib/constants/activity.ts); null for a key it does not know. */
export function recentTile(game: string, names: Record<string, string>): RecentTile | null {
  const own = inHouseGame(game);
  if (own) return { key: game, href: own.href, name: names[game] ?? game, art: <GameArt art={own.key} /> };
  if (game === 'sports')
    return { key: game, href: ROUTES.betting, name: names.sports ?? game, art: <GameArt art="betting" /> };
  const [lobby, code] = [game.slice(0, game.indexOf(':')), game.slice(game.indexOf(':') + 1)];
  if ((lobby !== 'slots' && lobby !== 'live') || !code) return null;
  const name = nameOfCode(code);
  return {
    key: game,
    href: lobby === 'slots' ? slotPath(code, 'play') : liveCasinoPath(code, 'play'),
    name,
    art: <TitleArt title={name} provider={lobby} />,
  };
}

/** The games the signed-in player played last; nothing on an error or when there are none. */
export function RecentlyPlayed({ text }: { text: RecentlyPlayedText }) {
  const { data } = useQuery(recentGamesQueryOptions());
  const tiles = (data?.games ?? []).flatMap((game) => recentTile(game.game, text.names) ?? []);
  // Marks the row's reserved room (the page keeps it for a signed-in player) as not needed.
  if (tiles.length === 0) return <span hidden data-recent-empty="" />;
  return (
    <section aria-labelledby="home-recent" className="home-row" data-testid="home-recent">
      <div className="home-row-head">
        <h2 id="home-recent" className="home-heading">
          {text.title}
        </h2>
        <Link
          prefetch={false}
          href={ROUTES.profileHistory}
          className="home-see-all"
          aria-label={text.seeAllLabel}
        >
          {text.seeAll}
        </Link>
      </div>
      <ul className="home-scroller">
        {tiles.map((tile) => (
          <li key={tile.key} className="home-cell">
            <Link prefetch={false} href={tile.href} className="home-tile">
              <span className="home-tile-art">{tile.art}</span>
              <span className="home-tile-name">{tile.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
