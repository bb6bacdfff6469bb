/**
 * The casino lobby's calls on the general service (server/modules/casino, lib/contracts/casino.ts): the
 * paged catalogue, its filters, one game, the player's favourites and recently played, the live tables'
 * state and the launch of a game. Replies are checked with ./replies.ts.
 */
import { api } from '@/lib/api/client';
import type { CasinoFilters, CasinoGamesReply, CasinoLaunchBody, CasinoTables } from '@/lib/contracts/casino';
import { LOBBY_PAGE_SIZE, type LobbyQuery } from '../lobby-query';
import {
  casinoFiltersReply,
  casinoGameDetail,
  casinoGameListReply,
  casinoGamesReply,
  casinoLaunchReply,
  casinoTablesReply,
  type CasinoGame,
  type CasinoGameDetail,
  type CasinoLobby,
} from './replies';

/** `GET /casino/games`: one page of a lobby's games as `query` narrows and sorts them. */
export async function getCasinoGames(
  lobby: CasinoLobby,
  query: Pick<LobbyQuery, 'search' | 'provider' | 'category' | 'sort'>,
  page: number,
): Promise<CasinoGamesReply> {
  const params: Record<string, string | number> = {
    lobby,
    sort: query.sort,
    page,
    per_page: LOBBY_PAGE_SIZE,
  };
  if (query.search) params.search = query.search;
  if (query.provider) params.provider = query.provider;
  if (query.category) params.category = query.category;
  const response = await api.get('/casino/games', { params });
  return casinoGamesReply(response.data);
}

/** `GET /casino/filters`: a lobby's providers and categories, each with its number of games. */
export const getCasinoFilters = (lobby: CasinoLobby): Promise<CasinoFilters> =>
  api.get('/casino/filters', { params: { lobby } }).then((response) => casinoFiltersReply(response.data));

/** `GET /casino/games/{code}`: one game, with the signed-in player's free spins in it (404: unknown or hidden). */
export const getCasinoGame = (code: string): Promise<CasinoGameDetail> =>
  api.get(`/casino/games/${encodeURIComponent(code)}`).then((response) => casinoGameDetail(response.data));

/** `GET /casino/favourites` (signed in), newest first. */
export const getFavourites = (): Promise<CasinoGame[]> =>
  api.get('/casino/favourites').then((response) => casinoGameListReply(response.data).items);

/** `GET /casino/recent` (signed in): the games the player launched last, newest first. */
export const getRecentGames = (): Promise<CasinoGame[]> =>
  api.get('/casino/recent').then((response) => casinoGameListReply(response.data).items);

/** `PUT` or `DELETE /casino/favourites/{code}`. */
export async function setFavourite(code: string, favourite: boolean): Promise<void> {
  const path = `/casino/favourites/${encodeURIComponent(code)}`;
  await (favourite ? api.put(path) : api.delete(path));
}

/** `GET /casino/tables`: the live tables' state as the game provider tells it. */
export const getLiveTables = (): Promise<CasinoTables> =>
  api.get('/casino/tables').then((response) => casinoTablesReply(response.data));

/** `POST /casino/launch`: the address of the game's frame for this player (or a guest's demo). */
export const launchGame = (request: CasinoLaunchBody): Promise<{ url: string }> =>
  api.post('/casino/launch', request).then((response) => casinoLaunchReply(response.data));
