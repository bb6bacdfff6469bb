import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { TopReply } from '../api/replies';
import type { TopBoard, TopPeriod } from '../constants';
import { TopTable } from './top-table';
import { TopTabs } from './top-tabs';

/** /top's body: the board and period tabs (links) and the board, with the server's copy when it had one. */
export function TopPage({
  board,
  period,
  first,
}: {
  board: TopBoard;
  period: TopPeriod;
  first: TopReply | null;
}) {
  return (
    <>
      <TopTabs board={board} period={period} />
      <ScopedMessages namespaces={['top', 'history.games']}>
        {/* Keyed by the view: another board starts from its own first screen. */}
        <TopTable key={`${board}/${period}`} board={board} period={period} first={first} />
      </ScopedMessages>
    </>
  );
}
