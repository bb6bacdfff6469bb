import { serverServiceBaseUrl } from '@/lib/api/base-url';
import type { CasinoGamesReply } from '@/lib/contracts/casino';
import { LOBBY_PAGE_SIZE } from '../lobby-query';
import { casinoGamesReply, type CasinoLobby } from './replies';

/** How long a lobby page's server-rendered first page is kept before it is rendered again. */
export const LOBBY_REVALIDATE_S = 60;
/** A catalogue that does not answer in this is left to the browser (the page is never held up). */
const FETCH_TIMEOUT_MS = 1_500;

/**
 * The first page of a lobby in its default view (popular first), as a guest sees it, for the page's
 * server-rendered HTML: the tiles and their art are in the first paint, not after the page's code has
 * loaded and asked (their thumbnails are most of the screen). The browser then asks again for its own
 * view (the player's country, favourites, the address's filters). Read from the general service as the web
 * server reaches it (lib/api/base-url.ts `serverServiceBaseUrl`); null when the API does
 * not answer (as at `next build`, before it runs): the browser loads the list as before.
 */
export async function lobbyFirstPage(lobby: CasinoLobby): Promise<CasinoGamesReply | null> {
  const base = serverServiceBaseUrl('general');
  const query = new URLSearchParams({ lobby, sort: 'popular', page: '1', per_page: String(LOBBY_PAGE_SIZE) });
  try {
    const response = await fetch(`${base}/casino/games?${query}`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      next: { revalidate: LOBBY_REVALIDATE_S },
    });
    if (!response.ok) return null;
    const page = casinoGamesReply(await response.json());
    return page.items.length > 0 ? page : null;
  } catch {
    return null;
  }
}
