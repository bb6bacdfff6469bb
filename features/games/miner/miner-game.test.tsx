import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { minerMines, minerMultiplier } from '@/lib/fair/games/miner';
import { payoutMinor } from '@/lib/fair/multiplier';
import { sha256Hex } from '@/lib/fair/random';
import { formatterFor } from '@/lib/i18n/format';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { TEST_SEEDS } from '../fair/test-bets';
import { gameHandlers, logIn, logOut, unprocessable } from '../shared/testing/game-fixtures';
import type { MinerBet } from '../api/send-miner-action';
import { MinerGame } from './miner-game';

const server = withMockServer();

/** A miner round played by the rules: mines from lib/fair, multipliers from lib/fair. */
function minerServer(opts: { resume?: { mines: number; revealed: number } } = {}) {
  let round: MinerBet | null = null;
  let mines: number[] = [];
  const started: unknown[] = [];
  let balance = 100;
  const make = (id: number, amount: number, count: number): MinerBet => {
    mines = minerMines(TEST_SEEDS, count);
    return {
      id,
      game: 'miner',
      amount,
      payout: 0,
      multiplier: 1,
      currency: 'RUB',
      status: 'open',
      created_at: '2025-01-01T12:00:00Z',
      server_seed_hash: sha256Hex(TEST_SEEDS.serverSeed),
      server_seed: null,
      client_seed: TEST_SEEDS.clientSeed,
      nonce: TEST_SEEDS.nonce,
      outcome: {
        mines_count: count,
        revealed: [],
        mines: null,
        multiplier: 1,
        next_multiplier: minerMultiplier(count, 1),
      },
    };
  };
  if (opts.resume) {
    round = make(77, 10, opts.resume.mines);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    round.outcome.revealed = safe.slice(0, opts.resume.revealed);
    round.outcome.multiplier = minerMultiplier(opts.resume.mines, opts.resume.revealed);
  }
  const reply = () => HttpResponse.json({ bet: round, balance });
  server.use(
    ...gameHandlers(),
    http.get(apiPath('/miner/active'), () =>
      HttpResponse.json({ bet: round?.status === 'open' ? round : null }),
    ),
    http.post(apiPath('/miner/start'), async ({ request }) => {
      const body = (await request.json()) as { amount: number; mines: number; idempotency_key: string };
      started.push(body);
      if (body.amount > balance) return unprocessable({ amount: ['insufficient_funds: Not enough money'] });
      balance -= body.amount;
      round = make(90, body.amount, body.mines);
      return reply();
    }),
    http.post(apiPath('/miner/:id/reveal'), async ({ request }) => {
      const { tile, step } = (await request.json()) as { tile: number; step: number };
      if (!round || round.status !== 'open') return unprocessable({ tile: ['round_finished: over'] });
      // Like the API: a move names the step it was made at (the tiles open then).
      if (step !== round.outcome.revealed.length) return unprocessable({ step: ['stale: moved on'] });
      round.outcome.revealed = [...round.outcome.revealed, tile];
      if (mines.includes(tile)) {
        round = {
          ...round,
          status: 'lost',
          multiplier: 0,
          outcome: { ...round.outcome, mines: [...mines].sort((a, b) => a - b), next_multiplier: null },
        };
      } else {
        const safe = round.outcome.revealed.length;
        round.outcome.multiplier = minerMultiplier(round.outcome.mines_count, safe);
      }
      return reply();
    }),
    http.post(apiPath('/miner/:id/cashout'), async ({ request }) => {
      const { step } = (await request.json()) as { step: number };
      if (!round) return unprocessable({ id: ['round_finished: none'] });
      if (step !== round.outcome.revealed.length) return unprocessable({ step: ['stale: moved on'] });
      const m = round.outcome.multiplier;
      const payout = Number(payoutMinor(Math.round(round.amount * 100), m)) / 100;
      balance += payout;
      round = {
        ...round,
        status: 'cashed_out',
        payout,
        multiplier: m,
        outcome: { ...round.outcome, mines: [...mines].sort((a, b) => a - b) },
      };
      return reply();
    }),
  );
  return { started, mines: () => mines };
}

const tiles = () => screen.getAllByTestId('miner-tile');
const x = (m: number) => formatterFor('en').multiplier(m);

describe('MinerGame', () => {
  beforeEach(() => logOut());

  it('resumes the open round after a reload, reveals a safe tile and cashes out showing every mine', async () => {
    logIn();
    const game = minerServer({ resume: { mines: 3, revealed: 1 } });
    renderWithApp(<MinerGame />);
    // The resumed round: one safe tile open, the multipliers of 1 and 2 safe tiles of 3 mines.
    await screen.findByTestId('miner-cashout');
    expect(tiles().filter((tile) => tile.dataset.state === 'safe')).toHaveLength(1);
    expect(screen.getByTestId('miner-multiplier')).toHaveTextContent(x(minerMultiplier(3, 1)));
    expect(screen.getByTestId('miner-next')).toHaveTextContent(x(minerMultiplier(3, 2)));
    expect(screen.getByTestId('miner-mines')).toBeDisabled();

    const mines = game.mines();
    const nextSafe = Array.from({ length: 25 }, (_, i) => i).filter(
      (i) => !mines.includes(i) && tiles()[i].dataset.state === 'hidden',
    )[0];
    await userEvent.click(tiles()[nextSafe]);
    await screen.findByText(/2 safe tiles/);
    expect(screen.getByTestId('miner-multiplier')).toHaveTextContent(x(minerMultiplier(3, 2)));

    const expectedPayout = Number(payoutMinor(1000, minerMultiplier(3, 2))) / 100;
    await userEvent.click(screen.getByTestId('miner-cashout'));
    expect(await screen.findByTestId('miner-result')).toHaveTextContent(`₽${expectedPayout.toFixed(2)}`);
    const shownMines = tiles().filter((tile) => tile.dataset.state === 'mine-unrevealed');
    expect(shownMines.map((tile) => tiles().indexOf(tile)).sort((a, b) => a - b)).toEqual(
      [...mines].sort((a, b) => a - b),
    );
    expect(useSessionStore.getState().user?.balance).toBe(100 + expectedPayout);
    expect(screen.getByTestId('miner-start')).toBeEnabled();
  });

  it('starts a round with the chosen mines and a fresh key, reveals by keyboard and loses on a mine', async () => {
    logIn();
    const game = minerServer();
    renderWithApp(<MinerGame />);
    await screen.findByTestId('miner-start');
    await userEvent.selectOptions(screen.getByTestId('miner-mines'), '5');
    expect(screen.getByTestId('miner-next')).toHaveTextContent(x(minerMultiplier(5, 1)));
    await userEvent.click(screen.getByTestId('miner-start'));
    await screen.findByTestId('miner-cashout');
    expect(screen.getByTestId('miner-cashout')).toBeDisabled();
    expect(game.started).toEqual([
      { amount: 1, mines: 5, idempotency_key: expect.stringMatching(/^[0-9a-f-]{32,36}$/) },
    ]);

    const mine = game.mines()[0];
    // Focus the grid's first tile, then walk to the mine with the arrow keys and press Enter.
    act(() => tiles()[12].focus());
    const row = Math.floor(mine / 5) - 2;
    const col = (mine % 5) - 2;
    for (let i = 0; i < Math.abs(row); i += 1)
      await userEvent.keyboard(row > 0 ? '{ArrowDown}' : '{ArrowUp}');
    for (let i = 0; i < Math.abs(col); i += 1)
      await userEvent.keyboard(col > 0 ? '{ArrowRight}' : '{ArrowLeft}');
    expect(tiles()[mine]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('miner-result')).toHaveTextContent('A mine! The bet of ₽1.00 is lost.');
    expect(tiles()[mine].dataset.state).toBe('hit');
    expect(tiles().filter((tile) => tile.dataset.state === 'mine-unrevealed')).toHaveLength(4);
  });

  it('shows the 422 and offers a deposit when the balance is too low', async () => {
    logIn({ balance: 0 });
    minerServer();
    renderWithApp(<MinerGame />);
    await screen.findByTestId('miner-start');
    const amount = screen.getByTestId('bet-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByTestId('miner-start'));
    expect(await screen.findByTestId('deposit-offer')).toBeInTheDocument();
    expect(await screen.findByText('Not enough money on your balance')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('deposit-offer')).getByRole('button'));
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);
  });

  it('asks a guest to sign up instead of betting', async () => {
    minerServer();
    renderWithApp(<MinerGame />);
    await userEvent.click(await screen.findByTestId('miner-start'));
    expect(useModalStore.getState().isOpen(MODAL.signup)).toBe(true);
  });
});
