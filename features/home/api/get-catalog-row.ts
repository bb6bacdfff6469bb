import { casinoGamesReply, type CasinoGame, type CasinoLobby } from '@/lib/contracts/casino';
import { readGeneral } from './read-general';

/** Tiles in a catalogue row of the home page. */
export const CATALOG_ROW_SIZE = 8;

/** A lobby's most popular games as a guest sees them (`GET /casino/games`); empty when the API fails. */
export async function catalogRow(lobby: CasinoLobby): Promise<CasinoGame[]> {
  const query = new URLSearchParams({
    lobby,
    sort: 'popular',
    page: '1',
    per_page: String(CATALOG_ROW_SIZE),
  });
  const reply = await readGeneral(`/casino/games?${query}`, (value) => casinoGamesReply.parse(value));
  return reply?.items ?? [];
}
