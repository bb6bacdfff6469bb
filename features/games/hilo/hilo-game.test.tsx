import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '@/lib/contracts/games';
import { HILO_MAX_CARDS, hiloCard, hiloMultiplier, hiloWinningRanks, hiloWins } from '@/lib/fair/games/hilo';
import { payoutMinor } from '@/lib/fair/multiplier';
import { sha256Hex, type Seeds } from '@/lib/fair/random';
import { formatterFor } from '@/lib/i18n/format';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { cardLabel } from '../fair/card-label';
import { gameHandlers, logIn, logOut, unprocessable } from '../shared/testing/game-fixtures';
import type { HiloBet } from '../api/send-hilo-action';
import { HiloGame, hiloGuessOption } from './hilo-game';

const server = withMockServer();

/** Finds a nonce whose start card has `rank`, and whose second card wins a guess of `guess`. */
function seedsFor(predicate: (first: Card, second: Card) => boolean): Seeds {
  for (let nonce = 0; nonce < 5_000; nonce += 1) {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'hilo-test', nonce };
    if (predicate(hiloCard(seeds, 0), hiloCard(seeds, 1))) return seeds;
  }
  throw new Error('no such seeds');
}

/**
 * A hilo round played by lib/fair: cards from the seeds, the multiplier from the winning guesses. Like the
 * API, a move must name its step (the cards drawn after the start card); `moves` records the bodies.
 * `resume` starts with an open round of that many skipped cards.
 */
function hiloServer(seeds: Seeds, opts: { resume?: number } = {}) {
  let round: HiloBet | null = null;
  const counts: number[] = [];
  const moves: unknown[] = [];
  const nextOf = (rank: number) => ({
    higher: hiloMultiplier([...counts, hiloWinningRanks(rank, 'higher')]),
    lower: hiloMultiplier([...counts, hiloWinningRanks(rank, 'lower')]),
  });
  const newRound = (amount: number, skipped: number): HiloBet => {
    const cards = Array.from({ length: skipped + 1 }, (_, i) => ({
      ...hiloCard(seeds, i),
      guess: i === 0 ? null : ('skip' as const),
    }));
    return {
      id: 5,
      game: 'hilo',
      amount,
      payout: 0,
      multiplier: 1,
      currency: 'RUB',
      status: 'open',
      created_at: '2025-01-01T12:00:00Z',
      server_seed_hash: sha256Hex(seeds.serverSeed),
      server_seed: null,
      client_seed: seeds.clientSeed,
      nonce: seeds.nonce,
      outcome: { cards, multiplier: 1, next: nextOf(cards.at(-1)!.rank) },
    };
  };
  if (opts.resume !== undefined) round = newRound(1, opts.resume);
  server.use(
    ...gameHandlers(),
    http.get(apiPath('/hilo/active'), () =>
      HttpResponse.json({ bet: round?.status === 'open' ? round : null }),
    ),
    http.post(apiPath('/hilo/start'), async ({ request }) => {
      const { amount } = (await request.json()) as { amount: number };
      round = newRound(amount, 0);
      return HttpResponse.json({ bet: round, balance: 100 - amount });
    }),
    http.post(apiPath('/hilo/:id/cashout'), async ({ request }) => {
      const body = (await request.json()) as { step: number };
      moves.push(body);
      if (!round || round.status !== 'open') return unprocessable({ round: ['round_ended: over'] });
      if (body.step !== round.outcome.cards.length - 1) return unprocessable({ step: ['stale: moved on'] });
      const payout = Number(payoutMinor(Math.round(round.amount * 100), round.outcome.multiplier)) / 100;
      round = { ...round, status: 'cashed_out', payout, multiplier: round.outcome.multiplier };
      return HttpResponse.json({ bet: round, balance: 90 + payout });
    }),
    http.post(apiPath('/hilo/:id/guess'), async ({ request }) => {
      const body = (await request.json()) as { guess: 'higher' | 'lower' | 'skip'; step: number };
      const { guess } = body;
      moves.push(body);
      if (!round || round.status !== 'open') return unprocessable({ guess: ['round_finished: over'] });
      if (body.step !== round.outcome.cards.length - 1) return unprocessable({ step: ['stale: moved on'] });
      const current = round.outcome.cards.at(-1)!;
      const next = hiloCard(seeds, round.outcome.cards.length);
      const cards = [...round.outcome.cards, { ...next, guess }];
      if (guess !== 'skip') {
        if (!hiloWins(current.rank, next.rank, guess)) {
          round = {
            ...round,
            status: 'lost',
            multiplier: 0,
            outcome: { cards, multiplier: 0, next: { higher: null, lower: null } },
          };
          return HttpResponse.json({ bet: round, balance: 90 });
        }
        counts.push(hiloWinningRanks(current.rank, guess));
      }
      const multiplier = hiloMultiplier(counts);
      round = { ...round, outcome: { cards, multiplier, next: nextOf(next.rank) } };
      return HttpResponse.json({ bet: round, balance: 90 });
    }),
  );
  return { moves };
}

const x = (m: number) => formatterFor('en').multiplier(m);

describe('hiloGuessOption', () => {
  it('labels the edge ranks as the rules play them', () => {
    expect(hiloGuessOption(2, 'higher')).toEqual({ label: 'higher', chance: (12 / 13) * 100 });
    expect(hiloGuessOption(2, 'lower')).toEqual({ label: 'same', chance: (1 / 13) * 100 });
    expect(hiloGuessOption(14, 'higher')).toEqual({ label: 'same', chance: (1 / 13) * 100 });
    expect(hiloGuessOption(14, 'lower')).toEqual({ label: 'lower', chance: (12 / 13) * 100 });
    expect(hiloGuessOption(8, 'higher')).toEqual({ label: 'higherOrSame', chance: (7 / 13) * 100 });
    expect(hiloGuessOption(8, 'lower')).toEqual({ label: 'lowerOrSame', chance: (7 / 13) * 100 });
  });
});

describe('HiloGame', () => {
  beforeEach(() => logOut());

  it('starts, shows the chances and multipliers, wins a guess and lists the cards', async () => {
    logIn();
    const seeds = seedsFor((a, b) => a.rank > 2 && a.rank < 14 && hiloWins(a.rank, b.rank, 'higher'));
    hiloServer(seeds);
    const [first, second] = [hiloCard(seeds, 0), hiloCard(seeds, 1)];
    renderWithApp(<HiloGame />);
    await userEvent.click(await screen.findByTestId('hilo-start'));
    expect(await screen.findByTestId('hilo-current')).toHaveTextContent(`Current card: ${cardLabel(first)}`);
    const higher = screen.getByTestId('hilo-higher');
    const chance = ((hiloWinningRanks(first.rank, 'higher') / 13) * 100).toFixed(2);
    expect(higher).toHaveAccessibleName(
      `Higher or same: chance ${chance}%, round multiplier ${x(hiloMultiplier([hiloWinningRanks(first.rank, 'higher')]))}`,
    );
    expect(screen.getByTestId('hilo-cashout')).toBeDisabled();

    await userEvent.click(higher);
    expect(await screen.findByText(`Current card: ${cardLabel(second)}`)).toBeInTheDocument();
    const multiplier = hiloMultiplier([hiloWinningRanks(first.rank, 'higher')]);
    expect(screen.getByTestId('hilo-status')).toHaveTextContent(`Round multiplier: ${x(multiplier)}`);
    expect(screen.getByTestId('hilo-cashout')).toBeEnabled();
    const history = within(screen.getByTestId('hilo-history')).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      `${cardLabel(first)}Start card ${cardLabel(first)}`,
      `▲${cardLabel(second)}${cardLabel(second)} after guessing higher`,
    ]);
  });

  it('labels the buttons of an ace: "Same (A)" and strictly lower', async () => {
    logIn();
    const seeds = seedsFor((a, b) => a.rank === 14 && b.rank < 14);
    hiloServer(seeds);
    renderWithApp(<HiloGame />);
    await userEvent.click(await screen.findByTestId('hilo-start'));
    await screen.findByTestId('hilo-current');
    expect(screen.getByTestId('hilo-higher')).toHaveAccessibleName(/^Same \(A\): chance 7\.69%/);
    expect(screen.getByTestId('hilo-lower')).toHaveAccessibleName(/^Lower: chance 92\.31%/);
    await userEvent.click(screen.getByTestId('hilo-higher'));
    expect(await screen.findByText(/Wrong guess\. The bet of ₽1\.00 is lost\./)).toBeInTheDocument();
    expect(screen.getByTestId('hilo-start')).toBeEnabled();
  });

  it('sends the step of each move, so the server plays a guess, a skip or a cash-out once', async () => {
    logIn();
    const seeds = seedsFor((a, b) => a.rank > 2 && a.rank < 14 && hiloWins(a.rank, b.rank, 'higher'));
    const { moves } = hiloServer(seeds);
    renderWithApp(<HiloGame />);
    await userEvent.click(await screen.findByTestId('hilo-start'));
    await userEvent.click(await screen.findByTestId('hilo-higher'));
    await screen.findByText(`Current card: ${cardLabel(hiloCard(seeds, 1))}`);
    await userEvent.click(screen.getByTestId('hilo-skip'));
    await screen.findByText(`Current card: ${cardLabel(hiloCard(seeds, 2))}`);
    await userEvent.click(screen.getByTestId('hilo-cashout'));
    expect(await screen.findByText(/^Cashed out at/)).toBeInTheDocument();
    expect(moves).toEqual([{ guess: 'higher', step: 0 }, { guess: 'skip', step: 1 }, { step: 2 }]);
  });

  it(`at ${HILO_MAX_CARDS - 1} cards the skip is off and says why; guessing still works`, async () => {
    logIn();
    const seeds = seedsFor(() => true);
    const { moves } = hiloServer(seeds, { resume: HILO_MAX_CARDS - 2 });
    renderWithApp(<HiloGame />);
    const skip = await screen.findByTestId('hilo-skip');
    expect(skip).toBeDisabled();
    expect(skip).toHaveAccessibleDescription(
      `A round holds at most ${HILO_MAX_CARDS} cards: the last one is for a guess, so no more skips.`,
    );
    const [current, next] = [hiloCard(seeds, HILO_MAX_CARDS - 2), hiloCard(seeds, HILO_MAX_CARDS - 1)];
    const guess = hiloWins(current.rank, next.rank, 'higher') ? 'higher' : 'lower';
    await userEvent.click(screen.getByTestId(`hilo-${guess}`));
    await screen.findByText(`Current card: ${cardLabel(next)}`);
    expect(moves).toEqual([{ guess, step: HILO_MAX_CARDS - 2 }]);
  });
});
