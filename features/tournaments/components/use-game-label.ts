'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { gameLabel } from '../labels';

/** Names the games a tournament counts (needs `tournaments.categories` and `history.games` messages). */
export function useGameLabel(): (game: string) => string {
  const categories = useTranslations('tournaments.categories');
  const games = useTranslations('history.games');
  return useCallback(
    (game: string) =>
      gameLabel(
        game,
        (category) => categories(category),
        (key) => (games.has(key as 'dice') ? games(key as 'dice') : null),
      ),
    [categories, games],
  );
}
