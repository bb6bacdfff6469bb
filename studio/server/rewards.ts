/**
 * Free rounds granted by the operator (`freebet/rewards/create`): `bet_count` spins of one game at
 * `bet_value` (wallet units) for one player and currency, between optional start and end times. Creation
 * is idempotent by `reward_uuid` (the same body answers the same; another body is a duplicate). A free
 * spin takes one round when its wallet bet is accepted; the reward is `used` when none is left.
 */
import type { Store } from './store';

export interface RewardInput {
  operator_id: number;
  user: string;
  currency: string;
  game_code: string;
  bet_count: number;
  bet_value: number;
  reward_uuid: string;
  start_time?: string | null;
  end_time?: string | null;
}

export interface Reward {
  input: RewardInput;
  status: 'active' | 'cancelled' | 'used';
  betCountLeft: number;
}

export interface RewardView {
  reward_uuid: string;
  user: string;
  currency: string;
  game_code: string;
  bet_count: number;
  bet_value: number;
  start_time: string | null;
  end_time: string | null;
  status: Reward['status'];
  bet_count_left: number;
}

/** The fields that make two creations the same (Hub88 compares the whole request). */
const fingerprint = (input: RewardInput) =>
  JSON.stringify([
    input.operator_id,
    input.user,
    input.currency,
    input.game_code,
    input.bet_count,
    input.bet_value,
    input.start_time ?? null,
    input.end_time ?? null,
  ]);

export const viewOf = (reward: Reward): RewardView => ({
  reward_uuid: reward.input.reward_uuid,
  user: reward.input.user,
  currency: reward.input.currency,
  game_code: reward.input.game_code,
  bet_count: reward.input.bet_count,
  bet_value: reward.input.bet_value,
  start_time: reward.input.start_time ?? null,
  end_time: reward.input.end_time ?? null,
  status: reward.status,
  bet_count_left: reward.betCountLeft,
});

export function rewards(store: Store, now: () => number = Date.now) {
  const all = store.state.rewards;
  const live = (reward: Reward) => {
    const { start_time: start, end_time: end } = reward.input;
    return (
      reward.status === 'active' &&
      reward.betCountLeft > 0 &&
      (!start || Date.parse(start) <= now()) &&
      (!end || Date.parse(end) > now())
    );
  };
  return {
    /** The reward, or `duplicate` when the uuid was created with another body. */
    create(input: RewardInput): Reward | 'duplicate' {
      const seen = Object.hasOwn(all, input.reward_uuid) ? all[input.reward_uuid] : undefined;
      if (seen) return fingerprint(seen.input) === fingerprint(input) ? seen : 'duplicate';
      const reward: Reward = { input, status: 'active', betCountLeft: input.bet_count };
      all[input.reward_uuid] = reward;
      store.save();
      return reward;
    },
    cancel(operatorId: number, uuid: string): Reward | null {
      const reward = Object.hasOwn(all, uuid) ? all[uuid] : undefined;
      if (!reward || reward.input.operator_id !== operatorId) return null;
      if (reward.status === 'active') {
        reward.status = 'cancelled';
        store.save();
      }
      return reward;
    },
    list(operatorId: number, user: string): Reward[] {
      return Object.values(all).filter(
        (reward) => reward.input.operator_id === operatorId && reward.input.user === user,
      );
    },
    /** The player's playable reward for the game and currency (the oldest first). */
    playable(user: string, gameCode: string, currency: string): Reward | null {
      return (
        Object.values(all).find(
          (reward) =>
            reward.input.user === user &&
            reward.input.game_code === gameCode &&
            reward.input.currency === currency &&
            live(reward),
        ) ?? null
      );
    },
    /** One free round of the reward was played (saved by the caller). */
    take(reward: Reward): void {
      reward.betCountLeft -= 1;
      if (reward.betCountLeft === 0) reward.status = 'used';
    },
  };
}
export type Rewards = ReturnType<typeof rewards>;
