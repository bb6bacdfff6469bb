import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { TournamentReply } from '../api/replies';
import { TournamentView } from './tournament-view';

/** /tournament/{id}'s body, with the server's copy of the tournament when it had one (first-screen.ts). */
export function TournamentPage({ id, first }: { id: number; first: TournamentReply | null }) {
  return (
    <ScopedMessages namespaces={['tournaments', 'history.games', 'error']}>
      <TournamentView id={id} first={first} />
    </ScopedMessages>
  );
}
