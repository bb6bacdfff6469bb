import { describe, it } from 'vitest';
import type { Check } from '@/lib/api/check';
import * as contract from '@/lib/contracts/tournaments';
import { leaderboardEntry, tournamentReply, tournamentSummary } from '@/tests/mocks/tournament-handlers';
import { agree } from '@/tests/utils/agree-with-contract';
import * as checks from './replies';

const with_ = <T extends object>(value: T, changes: Record<string, unknown>) => ({ ...value, ...changes });
const without = <T extends object>(value: T, key: string) =>
  Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

describe('the tournament replies checked without zod agree with the contract', () => {
  it('lists', () => {
    const one = tournamentSummary(1);
    agree(
      checks.tournamentsReply as Check<unknown>,
      contract.tournamentsReply,
      [
        { tournaments: [] },
        { tournaments: [one, with_(one, { state: 'cancelled', kind: 'multiplier', extra: 1 })] },
      ],
      [
        { tournaments: [with_(one, { state: 'paused' })] },
        { tournaments: [with_(one, { currency: 'GBP' })] },
        { tournaments: [with_(one, { title: { ru: 'a', en: 'b' } })] },
        { tournaments: [with_(one, { participants: 1.5 })] },
        { tournaments: [without(one, 'requires_join')] },
        {},
      ],
    );
  });

  it('a tournament page', () => {
    const reply = tournamentReply(7, { rates: { USD: 90 }, min_stake: 10, kind: 'multiplier' });
    agree(
      checks.tournamentReply as Check<unknown>,
      contract.tournamentReply,
      [
        reply,
        with_(reply, { me: { joined: true, place: null, points: 0, prize: 0, paid: false } }),
        with_(reply, { leaderboard: [] }),
      ],
      [
        with_(reply, { tournament: with_(reply.tournament, { rates: { USD: 'x' } }) }),
        with_(reply, { tournament: with_(reply.tournament, { prizes: [{ from: 0, to: 1 }] }) }),
        with_(reply, {
          tournament: with_(reply.tournament, {
            prizes: [with_(reply.tournament.prizes[0], { to_balance: 'wallet' })],
          }),
        }),
        with_(reply, { leaderboard: [with_(leaderboardEntry(1), { place: 0 })] }),
        with_(reply, { me: { joined: true } }),
        without(reply, 'me'),
      ],
    );
  });

  it('a leaderboard message', () => {
    const message = {
      topic: 'tournament:7',
      type: 'leaderboard',
      leaderboard: [leaderboardEntry(1)],
      participants: 3,
      state: 'active',
    };
    agree(
      checks.leaderboardMessage as Check<unknown>,
      contract.leaderboardMessage,
      [message, with_(message, { type: 'snapshot', leaderboard: [] })],
      [with_(message, { type: 'event' }), without(message, 'state'), with_(message, { participants: -0.5 })],
    );
  });
});
