import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { SportsFirstScreen } from '../api/first-screen';
import { SportsBookIsland } from './islands';

/**
 * /betting's body: the sportsbook with the default view's events when the server had them
 * (first-screen.ts), so the HTML already holds the lists; the browser then follows the address's view.
 */
export function SportsBookPage({ firstScreen }: { firstScreen: SportsFirstScreen }) {
  return (
    <ScopedMessages namespaces={['sports']}>
      <SportsBookIsland firstScreen={firstScreen} />
    </ScopedMessages>
  );
}
