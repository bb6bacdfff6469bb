import type { LobbyQuery } from '../lobby-query';
import type { CasinoLobby } from './replies';

/** The casino lobby's query keys: one root, so a favourite's change refreshes every list at once. */
export const casinoKeys = {
  all: ['casino'] as const,
  games: (lobby: CasinoLobby, query: Pick<LobbyQuery, 'search' | 'provider' | 'category' | 'sort'>) =>
    ['casino', 'games', lobby, query.search, query.provider, query.category, query.sort] as const,
  filters: (lobby: CasinoLobby) => ['casino', 'filters', lobby] as const,
  game: (code: string) => ['casino', 'game', code] as const,
  favourites: ['casino', 'favourites'] as const,
  recent: ['casino', 'recent'] as const,
  tables: ['casino', 'tables'] as const,
};
