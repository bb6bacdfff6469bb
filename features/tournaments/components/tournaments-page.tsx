import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { TournamentStatus } from '@/lib/routes';
import type { TournamentSummary } from '../api/replies';
import { TournamentList } from './tournament-list';
import { TournamentTabs } from './tournament-tabs';

/** /tournaments and /tournaments/{status}: the status tabs and that tab's tournaments. */
export function TournamentsPage({
  status,
  first,
}: {
  status: TournamentStatus | null;
  first: TournamentSummary[] | null;
}) {
  return (
    <>
      <TournamentTabs current={status} />
      <ScopedMessages namespaces={['tournaments', 'history.games']}>
        <TournamentList status={status} first={first} />
      </ScopedMessages>
    </>
  );
}
