/**
 * A launch's money, the same for slots and tables: `stake` takes a round's bet, `pay` pays its win (or
 * closes it with a zero win). A real launch calls the operator's wallet through the outbox (retries,
 * rollbacks; outbox.ts) and remembers the balance it answered; a demo launch moves its own demo balance and
 * never calls anything.
 */
import { randomUUID } from 'node:crypto';
import type { Launch } from './launches';
import { minorToUnits, unitsToMinor } from './money';
import type { Outbox } from './outbox';
import { PlayError } from './play-error';
import type { Store } from './store';

export interface StakeInput {
  round: string;
  gameCode: string;
  amountMinor: bigint;
  /** A free round's reward: the bet is flagged free and carries its uuid. */
  rewardUuid?: string | null;
  /** The provider's description of the bet (a table's layout). */
  description?: string | null;
}

export interface PayInput {
  round: string;
  gameCode: string;
  betUuid: string;
  amountMinor: bigint;
  roundClosed: boolean;
  rewardUuid?: string | null;
  /** The win's transaction uuid when the caller must be able to send it again (a table's settlement). */
  transactionUuid?: string;
}

const balanceOf = (balance: number | undefined): bigint | null =>
  balance === undefined ? null : unitsToMinor(balance);

export function stakes(store: Store, outbox: Outbox) {
  const free = (rewardUuid: string | null | undefined) =>
    rewardUuid ? { is_free: true, reward_uuid: rewardUuid } : { is_free: false };
  return {
    /**
     * Takes the stake; answers the bet's uuid and the balance after it. Throws a PlayError when refused.
     * The caller calls `played` before it saves the round played with the bet (see outbox.ts).
     */
    async stake(launch: Launch, input: StakeInput): Promise<{ betUuid: string; balanceMinor: bigint }> {
      const betUuid = randomUUID();
      if (launch.demo) {
        if (launch.demoBalanceMinor < input.amountMinor) {
          throw new PlayError('not-enough-money', launch.demoBalanceMinor);
        }
        launch.demoBalanceMinor -= input.rewardUuid ? 0n : input.amountMinor;
        store.save();
        return { betUuid, balanceMinor: launch.demoBalanceMinor };
      }
      const result = await outbox.bet({
        user: launch.user,
        token: launch.token,
        transaction_uuid: betUuid,
        round: input.round,
        round_closed: false,
        game_code: input.gameCode,
        currency: launch.currency,
        amount: minorToUnits(input.amountMinor),
        bet: input.description ?? null,
        ...free(input.rewardUuid),
      });
      if (!result.answered) throw new PlayError('rolled-back', launch.lastBalanceMinor);
      const balanceMinor = balanceOf(result.reply.balance);
      if (balanceMinor !== null) launch.lastBalanceMinor = balanceMinor;
      if (result.reply.status === 'RS_ERROR_NOT_ENOUGH_MONEY') {
        throw new PlayError('not-enough-money', balanceMinor);
      }
      if (result.reply.status !== 'RS_OK') {
        throw new PlayError('wallet-refused', balanceMinor, result.reply.status);
      }
      return { betUuid, balanceMinor: balanceMinor ?? 0n };
    },

    /** The round of an accepted bet is played: saved with the caller's next save. */
    played(betUuid: string): void {
      outbox.played(betUuid);
    },

    /**
     * Pays the win (a zero win only when it closes the round). Answers the balance after it: the wallet's
     * answer, or, while the win waits in the outbox, the last balance plus the win.
     */
    async pay(launch: Launch, input: PayInput): Promise<bigint> {
      if (launch.demo) {
        launch.demoBalanceMinor += input.amountMinor;
        store.save();
        return launch.demoBalanceMinor;
      }
      const expected = (launch.lastBalanceMinor ?? 0n) + input.amountMinor;
      if (input.amountMinor === 0n && !input.roundClosed) return expected;
      const reply = await outbox.win({
        user: launch.user,
        token: launch.token,
        transaction_uuid: input.transactionUuid ?? randomUUID(),
        reference_transaction_uuid: input.betUuid,
        round: input.round,
        round_closed: input.roundClosed,
        game_code: input.gameCode,
        currency: launch.currency,
        amount: minorToUnits(input.amountMinor),
        ...free(input.rewardUuid),
      });
      const answered = reply?.status === 'RS_OK' ? balanceOf(reply.balance) : null;
      launch.lastBalanceMinor = answered ?? expected;
      store.save();
      return launch.lastBalanceMinor;
    },
  };
}
export type Stakes = ReturnType<typeof stakes>;
