import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { SportEvent } from '../api/replies';
import { SportEventIsland } from './islands';

/** An event page's body, with the server's copy of the event when it had one (first-screen.ts). */
export function SportEventPage({ id, first }: { id: string; first: SportEvent | null }) {
  return (
    <ScopedMessages namespaces={['sports']}>
      <SportEventIsland id={id} first={first} />
    </ScopedMessages>
  );
}
