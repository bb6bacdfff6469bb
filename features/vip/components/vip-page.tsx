import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { VipLevelView } from '../api/first-screen';
import { VipAccount } from './vip-account';
import { VipLevels } from './vip-levels';

/** /vip-club's body: the player's part (a client island) above the programme (server-rendered). */
export function VipPage({ levels }: { levels: VipLevelView[] }) {
  return (
    <div className="space-y-6">
      <ScopedMessages namespaces={['vip', 'error']}>
        <VipAccount />
      </ScopedMessages>
      <VipLevels levels={levels} />
    </div>
  );
}
