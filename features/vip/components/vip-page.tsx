import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { VipLevelView } from '../api/first-screen';
import { VipAccount } from './vip-account';
import { VipLevels } from './vip-levels';

/**
 * /vip-club's body: the programme (server-rendered), then the player's part (a client island decided once
 * the page runs). In this order the island's arrival moves nothing on the screen (no layout shift): what
 * it pushes down is below it.
 */
export function VipPage({ levels }: { levels: VipLevelView[] }) {
  return (
    <div className="space-y-6">
      <VipLevels levels={levels} />
      <ScopedMessages namespaces={['vip', 'error']}>
        <VipAccount />
      </ScopedMessages>
    </div>
  );
}
