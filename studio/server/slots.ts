/**
 * A slot spin at the studio (studio/README.md, "Playing"): a paid spin takes the stake (stakes.ts), draws
 * the outcome from the player's seed pair with the next nonce, and pays the win. A spin that starts a
 * feature (free spins, hold and win) keeps the round open: the feature's state is saved per player, game
 * and currency, so the next spins (and a reload of the page) continue it at a stake of 0, each win paid
 * against the bet that triggered it, the last one closing the round. A free round (a reward of the
 * operator) is a paid spin whose bet is flagged free.
 */
import { randomUUID } from 'node:crypto';
import { STUDIO_SLOTS } from '../games/catalogue';
import { assertBetWithin, StudioBetError, winOf, type SlotGame } from '../games/game';
import type { Launch } from './launches';
import { gameUnitsOf, unitsToMinor } from './money';
import type { KeyedMutex } from './mutex';
import { PlayError } from './play-error';
import type { Rewards } from './rewards';
import type { SeedPairs, SeedView } from './seeds';
import type { Stakes } from './stakes';
import type { Store } from './store';

type AnySlot = SlotGame<unknown, unknown>;
const SLOTS = new Map<string, AnySlot>(STUDIO_SLOTS.map((game) => [game.code, game as unknown as AnySlot]));
export const slotOf = (code: string): AnySlot | null => SLOTS.get(code) ?? null;

/** A feature in play (saved): the game's state and the round it belongs to. */
export interface FeatureRecord {
  gameCode: string;
  state: unknown;
  /** The triggering stake in minor units of the currency, and in game units. */
  stakeMinor: bigint;
  gameBet: bigint;
  round: string;
  betUuid: string;
  rewardUuid: string | null;
  /** What the round has won so far (minor units), the triggering spin included. */
  winMinor: bigint;
}

export interface FeatureView {
  /** `free-spins`, `hold-and-win`, or `ended` on the spin that ends the feature. */
  kind: string;
  /** Free spins left, or respins left for hold and win. */
  left: number;
  stakeMinor: bigint;
  winMinor: bigint;
}

export interface SpinResult {
  outcome: unknown;
  stakeMinor: bigint;
  winMinor: bigint;
  multiplierScaled: bigint;
  balanceMinor: bigint;
  feature: FeatureView | null;
  /** The seeds of this spin (the server seed's hash) and of the next. */
  fair: { serverSeedHash: string; clientSeed: string; nonce: number; next: SeedView };
}

/** Whose seed pair and features these are: the aggregator user, or the demo launch. */
export const playerKey = (launch: Launch) => (launch.demo ? `demo:${launch.id}` : `user:${launch.user}`);
const featureKey = (launch: Launch) => `${playerKey(launch)}|${launch.gameCode}|${launch.currency}`;

function featureView(record: FeatureRecord): FeatureView {
  // The state is null once the feature's last spin was played.
  const state = (record.state ?? { kind: 'ended' }) as { kind: string; left?: number; respinsLeft?: number };
  return {
    kind: state.kind,
    left: state.left ?? state.respinsLeft ?? 0,
    stakeMinor: record.stakeMinor,
    winMinor: record.winMinor,
  };
}

export function slotPlay(deps: {
  store: Store;
  seeds: SeedPairs;
  stakes: Stakes;
  rewards: Rewards;
  mutex: KeyedMutex;
}) {
  const { store, seeds, stakes, rewards, mutex } = deps;
  const features = store.state.features;

  async function featureSpin(launch: Launch, game: AnySlot, record: FeatureRecord): Promise<SpinResult> {
    const player = playerKey(launch);
    const used = seeds.next(player);
    const hash = seeds.view(player).serverSeedHash;
    const spin = game.spin(used, { amountMinor: record.gameBet }, record.state);
    seeds.consume(player, used);
    const winMinor = winOf(record.stakeMinor, spin.multiplierScaled);
    record.winMinor += winMinor;
    record.state = spin.state;
    const closing = spin.state === null;
    if (closing) delete features[featureKey(launch)];
    store.save();
    const balanceMinor = await stakes.pay(launch, {
      round: record.round,
      gameCode: launch.gameCode,
      betUuid: record.betUuid,
      amountMinor: winMinor,
      roundClosed: closing,
      rewardUuid: record.rewardUuid,
    });
    return {
      outcome: spin.outcome,
      stakeMinor: 0n,
      winMinor,
      multiplierScaled: spin.multiplierScaled,
      balanceMinor,
      feature: featureView(record),
      fair: {
        serverSeedHash: hash,
        clientSeed: used.clientSeed,
        nonce: used.nonce,
        next: seeds.view(player),
      },
    };
  }

  async function paidSpin(
    launch: Launch,
    game: AnySlot,
    input: { amountMinor?: bigint; free?: boolean },
  ): Promise<SpinResult> {
    const player = playerKey(launch);
    const reward =
      input.free && launch.user ? rewards.playable(launch.user, launch.gameCode, launch.currency) : null;
    if (input.free && !reward) throw new PlayError('no-free-rounds');
    const stakeMinor = reward ? unitsToMinor(reward.input.bet_value) : (input.amountMinor ?? null);
    const gameBet = stakeMinor === null ? null : gameUnitsOf(launch.currency, stakeMinor);
    if (stakeMinor === null || gameBet === null) throw new PlayError('bad-bet');
    try {
      assertBetWithin(gameBet, game.betLimits);
    } catch (error) {
      if (error instanceof StudioBetError) throw new PlayError('bad-bet', null, error.message);
      throw error;
    }
    const round = randomUUID();
    const rewardUuid = reward?.input.reward_uuid ?? null;
    const { betUuid } = await stakes.stake(launch, {
      round,
      gameCode: launch.gameCode,
      amountMinor: stakeMinor,
      rewardUuid,
    });
    const used = seeds.next(player);
    const hash = seeds.view(player).serverSeedHash;
    const spin = game.spin(used, { amountMinor: gameBet });
    seeds.consume(player, used);
    if (reward) rewards.take(reward);
    const winMinor = winOf(stakeMinor, spin.multiplierScaled);
    let record: FeatureRecord | null = null;
    if (spin.state !== null) {
      record = {
        gameCode: launch.gameCode,
        state: spin.state,
        stakeMinor,
        gameBet,
        round,
        betUuid,
        rewardUuid,
        winMinor,
      };
      features[featureKey(launch)] = record;
    }
    stakes.played(betUuid);
    store.save();
    const balanceMinor = await stakes.pay(launch, {
      round,
      gameCode: launch.gameCode,
      betUuid,
      amountMinor: winMinor,
      roundClosed: record === null,
      rewardUuid,
    });
    return {
      outcome: spin.outcome,
      stakeMinor: reward ? 0n : stakeMinor,
      winMinor,
      multiplierScaled: spin.multiplierScaled,
      balanceMinor,
      feature: record ? featureView(record) : null,
      fair: {
        serverSeedHash: hash,
        clientSeed: used.clientSeed,
        nonce: used.nonce,
        next: seeds.view(player),
      },
    };
  }

  return {
    /** The feature the launch's player has in play in this game, if any. */
    feature(launch: Launch): FeatureView | null {
      const record = features[featureKey(launch)];
      return record ? featureView(record) : null;
    },
    /** One spin: the next of a feature in play, else a paid (or free-round) spin. */
    spin(launch: Launch, input: { amountMinor?: bigint; free?: boolean }): Promise<SpinResult> {
      const game = slotOf(launch.gameCode);
      if (!game) throw new PlayError('bad-bet', null, 'not a slot');
      return mutex(playerKey(launch), () => {
        const record = features[featureKey(launch)];
        return record ? featureSpin(launch, game, record) : paidSpin(launch, game, input);
      });
    },
  };
}
export type SlotPlay = ReturnType<typeof slotPlay>;
