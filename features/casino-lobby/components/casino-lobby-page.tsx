import { Suspense } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { CasinoLobby as Lobby } from '../api/replies';
import { CasinoLobby, SkeletonGrid } from './casino-lobby';

/**
 * A lobby in a static page: the view comes from the address (useSearchParams), which the pre-rendered
 * HTML does not know, so the server sends the grid's skeleton (same room) and the browser the games.
 */
export function CasinoLobbyPage({ lobby }: { lobby: Lobby }) {
  return (
    <ScopedMessages namespaces={['casino']}>
      <Suspense fallback={<SkeletonGrid />}>
        <CasinoLobby lobby={lobby} />
      </Suspense>
    </ScopedMessages>
  );
}
