import { preload } from 'react-dom';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { CasinoGamesReply } from '@/lib/contracts/casino';
import type { CasinoLobby as Lobby } from '../api/replies';
import { CasinoLobbyIsland } from './islands';

/** The tiles of a phone's first row (two columns; the lobby's grid). */
const FIRST_ROW = 2;

/**
 * A lobby in its page: with the first page of its default view when the server had it (first-page.ts),
 * so the HTML already holds the tiles; the browser then follows the address's view and the player.
 */
export function CasinoLobbyPage({ lobby, firstPage }: { lobby: Lobby; firstPage: CasinoGamesReply | null }) {
  // The first row's art is the largest thing on a phone's first screen: asked for from the <head>, it is
  // there when the page first paints, not after the page's scripts have run.
  for (const game of firstPage?.items.slice(0, FIRST_ROW) ?? []) {
    if (game.thumbnail) preload(game.thumbnail, { as: 'image', fetchPriority: 'high' });
  }
  return (
    <ScopedMessages namespaces={['casino']}>
      <CasinoLobbyIsland lobby={lobby} firstPage={firstPage} />
    </ScopedMessages>
  );
}
