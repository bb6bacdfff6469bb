import { caseOpenBody } from '@/lib/contracts/games';
import { asGameReply, postGame, type BetOf } from './game-client';

export type CasesBet = BetOf<'cases'>;

/** `POST /cases/{slug}/open` (service `cases`): one opening, paid at the case's price. */
export async function openCase(
  slug: string,
  idempotencyKey: string,
): Promise<{ bet: CasesBet; balance: number }> {
  const reply = await postGame(
    'cases',
    `/cases/${encodeURIComponent(slug)}/open`,
    caseOpenBody.parse({ idempotency_key: idempotencyKey }),
  );
  return asGameReply('cases', reply, 'A case opening');
}
