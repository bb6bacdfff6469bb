import { array, int, literal, nullable, number, object, oneOf, string, type Check } from '@/lib/api/check';
import type { CRASH_PHASES as CONTRACT_PHASES, CrashBetView, CrashMessage } from '@/lib/contracts/crash';

/**
 * The crash socket's messages checked without zod (lib/api/check.ts): the live game is the first screen
 * of /games/crash, and zod (its code and the contract's schemas built when it loads) had come with the
 * first message, one long task of the page load. crash-message-check.test.ts proves the check accepts
 * and refuses what the contract's `crashMessage` does (the hub's `topic` and other extra keys dropped).
 */
/** The contract's phases (its module loads zod, so only its type is imported; the test compares them). */
export const CRASH_PHASES = [
  'idle',
  'betting',
  'running',
  'busted',
] as const satisfies typeof CONTRACT_PHASES;

const betView: Check<CrashBetView> = object({
  id: int,
  player: string,
  currency: string,
  amount: number,
  auto_cashout: nullable(number),
  cashed_out_at: nullable(number),
  payout: nullable(number),
});

type Of<T extends CrashMessage['type']> = Extract<CrashMessage, { type: T }>;

const checks: { [T in CrashMessage['type']]: Check<Of<T>> } = {
  snapshot: object<Of<'snapshot'>>({
    type: literal('snapshot'),
    phase: oneOf(CRASH_PHASES),
    game_id: nullable(int),
    betting_ends_at: nullable(string),
    elapsed_ms: nullable(number),
    multiplier: nullable(number),
    crash_point: nullable(number),
    hash: nullable(string),
    bets: array(betView),
    now: string,
  }),
  betting: object<Of<'betting'>>({ type: literal('betting'), game_id: int, ends_at: string }),
  started: object<Of<'started'>>({ type: literal('started'), game_id: int, started_at: string }),
  tick: object<Of<'tick'>>({ type: literal('tick'), game_id: int, elapsed_ms: number, multiplier: number }),
  bet: object<Of<'bet'>>({ type: literal('bet'), game_id: int, bet: betView }),
  cashout: object<Of<'cashout'>>({ type: literal('cashout'), game_id: int, bet: betView }),
  busted: object<Of<'busted'>>({
    type: literal('busted'),
    game_id: int,
    crash_point: number,
    hash: string,
    elapsed_ms: number,
  }),
};

/** One socket message as the contract's `CrashMessage`, or null when it does not have its shape. */
export function checkCrashMessage(event: unknown): CrashMessage | null {
  if (typeof event !== 'object' || event === null) return null;
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(checks, type)) return null;
  try {
    return checks[type as CrashMessage['type']](event);
  } catch {
    return null;
  }
}
