import { describe, expect, it, vi } from 'vitest';
import { chainPosition, previousGameHash } from '@/lib/fair/crash';
import { CRASH_GAMES, CRASH_SALT, CRASH_TERMINATING } from '@/tests/mocks/crash-handlers';
import { checkCrashGame, searchChain } from './crash-verify';

/** Game 4 of the known chain: four steps back lead to its terminating hash. */
const GAME_4 = CRASH_GAMES[3].hash;

describe('crash verifier computation', () => {
  it('gives the known crash point and previous hash of a game', () => {
    expect(checkCrashGame(CRASH_GAMES[0].hash, CRASH_SALT)).toEqual({
      point: 1.62,
      previousHash: CRASH_TERMINATING,
    });
    expect(checkCrashGame(GAME_4, CRASH_SALT)).toEqual({ point: 91.57, previousHash: CRASH_GAMES[2].hash });
  });

  it('finds the same position as chainPosition, and none past the limit', async () => {
    expect(await searchChain(GAME_4, CRASH_TERMINATING, { maxSteps: 100 })).toEqual({
      kind: 'found',
      position: chainPosition(GAME_4, CRASH_TERMINATING, 100),
    });
    expect(await searchChain(GAME_4, CRASH_TERMINATING, { maxSteps: 3 })).toEqual({
      kind: 'not-found',
      steps: 3,
    });
  });

  it('finds a game far down a chain, and stops between slices when asked, saying how far it got', async () => {
    // A long chain of its own: 3000 steps back from a hash that is no game.
    let deep = 'a'.repeat(64);
    const start = deep;
    for (let i = 0; i < 3_000; i += 1) deep = previousGameHash(deep);
    expect(await searchChain(start, deep, { maxSteps: 5_000 })).toEqual({
      kind: 'found',
      position: 3_000,
    });

    const controller = new AbortController();
    const stopping = vi.fn((steps: number) => {
      if (steps > 0) controller.abort();
    });
    const stopped = await searchChain(start, CRASH_TERMINATING, {
      maxSteps: 10_000_000,
      signal: controller.signal,
      onProgress: stopping,
    });
    expect(stopped.kind).toBe('cancelled');
    expect(stopping).toHaveBeenCalledTimes(1);
    if (stopped.kind === 'cancelled') expect(stopped.steps).toBe(stopping.mock.calls[0][0]);
  });
});
