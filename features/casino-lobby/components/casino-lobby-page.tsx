import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { CasinoGamesReply } from '@/lib/contracts/casino';
import type { CasinoLobby as Lobby } from '../api/replies';
import { CasinoLobby } from './casino-lobby';

/**
 * A lobby in its page: with the first page of its default view when the server had it (first-page.ts),
 * so the HTML already holds the tiles; the browser then follows the address's view and the player.
 */
export function CasinoLobbyPage({ lobby, firstPage }: { lobby: Lobby; firstPage: CasinoGamesReply | null }) {
  return (
    <ScopedMessages namespaces={['casino']}>
      <CasinoLobby lobby={lobby} firstPage={firstPage} />
    </ScopedMessages>
  );
}
