import { http, HttpResponse } from 'msw';
import type { CrashFairness, CrashHistory } from '@/lib/contracts/crash';
import { apiPath } from './handlers';

/**
 * A crash chain with known answers (lib/fair/crash.test.ts, from the public bustabit verifier): game 1's
 * hash leads back to TERMINATING in one step; with SALT its crash point is 1.62.
 */
export const CRASH_SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
export const CRASH_TERMINATING = '4ed6a36f24aa8a57de9deca4b83e1fc1f25cf3eafb26d800ace17c1a0268d1af';
/** Games 1 to 4 of that chain: hash and crash point. */
export const CRASH_GAMES = [
  { hash: '754ff0eebd65303f0509edd16388e11e1bc17ae59e0ee52e0c74ff0e2ca3c94c', point: 1.62 },
  { hash: '71dd92ad8f393d4a52d45d4f9d833c76243e1ae4e719526d00764c91685ece44', point: 1.15 },
  { hash: '870b2218d797429db390e3c32ff92989c9180fb04627a7d04f7fed08c4fee096', point: 1.18 },
  { hash: '731c46a5d1bab49af8e301fb65a141ca87b59c71801955d6e42aeab73dc18d0b', point: 91.57 },
] as const;

export const publishedCrashChain: CrashFairness = { terminating_hash: CRASH_TERMINATING, salt: CRASH_SALT };

/** The history of those games, newest first (ids 101 to 104), one a minute from 12:00 UTC. */
export const crashHistory: CrashHistory = {
  items: CRASH_GAMES.map((game, i) => ({
    id: 101 + i,
    hash: game.hash,
    crash_point: game.point,
    started_at: new Date(Date.UTC(2026, 0, 15, 12, i)).toISOString(),
  })).reverse(),
};

/** `GET /crash/fairness` and `GET /crash/history` answering `fairness` and `history`. */
export const crashHandlers = (
  fairness: CrashFairness = publishedCrashChain,
  history: CrashHistory = crashHistory,
) => [
  http.get(apiPath('/crash/fairness'), () => HttpResponse.json(fairness)),
  http.get(apiPath('/crash/history'), () => HttpResponse.json(history)),
];
