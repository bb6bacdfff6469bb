import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bet, SeedPair } from '@/lib/contracts/games';
import { diceRoll } from '@/lib/fair/games/dice';
import { hiloCard } from '@/lib/fair/games/hilo';
import { sha256Hex } from '@/lib/fair/random';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import { cardLabel } from './card-label';
import { FairnessPanel } from './fairness-panel';
import { caseBet, diceBet, TEST_SEEDS } from './test-bets';

const server = withMockServer();
stubResizeObserver();

const pair: SeedPair = {
  server_seed_hash: sha256Hex(TEST_SEEDS.serverSeed),
  client_seed: TEST_SEEDS.clientSeed,
  nonce: 8,
};

function serveBets(bets: Bet[]) {
  server.use(
    http.get(apiPath('/fair/seed'), () => HttpResponse.json(pair)),
    http.get(apiPath('/games/bets'), () =>
      HttpResponse.json({ items: bets, page: 1, per_page: 50, total: bets.length }),
    ),
    http.get(apiPath('/games/bets/:id'), ({ params }) => {
      const found = bets.find((b) => b.id === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

const logIn = () => act(() => useSessionStore.setState({ token: 't', isLoggedIn: true, user: testUser }));

describe('FairnessPanel', () => {
  beforeEach(() => act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null })));

  it('shows the active pair of a logged-in player', async () => {
    logIn();
    serveBets([]);
    renderWithApp(<FairnessPanel game="dice" open onOpenChange={() => {}} />);
    expect(await screen.findByTestId('fair-server-seed-hash')).toHaveTextContent(pair.server_seed_hash);
    expect(screen.getByTestId('fair-client-seed')).toHaveTextContent('lucky-client');
    expect(screen.getByTestId('fair-nonce')).toHaveTextContent('8');
  });

  it('explains the server seed hash, the client seed and the nonce in popovers that close before the panel', async () => {
    logIn();
    serveBets([]);
    renderWithApp(<FairnessPanel game="dice" open onOpenChange={() => {}} />);
    const panel = await screen.findByTestId('fairness-panel');
    await screen.findByTestId('fair-nonce');
    for (const [label, title] of [
      ['What is the server seed hash?', 'Server seed hash (SHA-256)'],
      ['What is the client seed?', 'Client seed'],
    ]) {
      await userEvent.click(within(panel).getByRole('button', { name: label }));
      expect(await screen.findByRole('dialog', { name: title })).toHaveAttribute('data-theme', 'white');
      await userEvent.keyboard('{Escape}');
    }
    const nonceHelp = within(panel).getByRole('button', { name: 'What is the nonce?' });
    await userEvent.click(nonceHelp);
    const popover = await screen.findByRole('dialog', { name: 'Nonce' });
    expect(popover).toHaveAccessibleDescription(/0 for the first bet after a rotation/);
    expect(nonceHelp).toHaveAttribute('aria-controls', popover.id);

    await userEvent.keyboard('{Escape}');
    expect(nonceHelp).toHaveAttribute('aria-expanded', 'false');
    expect(nonceHelp).toHaveFocus();
    // Escape closed the popover only: the fairness panel is still open.
    expect(screen.getByTestId('fairness-panel')).toBeInTheDocument();
  });

  it('verifies a past bet in the browser: the hash and the recomputed roll match', async () => {
    logIn();
    const bet = diceBet(101);
    serveBets([bet]);
    renderWithApp(<FairnessPanel game="dice" open onOpenChange={() => {}} betId={101} />);
    const roll = diceRoll(TEST_SEEDS).toFixed(2);
    expect(await screen.findByTestId('fair-recomputed')).toHaveTextContent(`Roll ${roll}`);
    expect(screen.getByTestId('fair-stored')).toHaveTextContent(`Roll ${roll}`);
    expect(screen.getByTestId('fair-hash-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('fair-outcome-check')).toHaveTextContent('The result matches');
  });

  it('shows a mismatch for a tampered outcome', async () => {
    logIn();
    const honest = caseBet(102) as Extract<Bet, { game: 'cases' }>;
    const other = honest.outcome.table.find((item) => item.id !== honest.outcome.item.id)!;
    serveBets([{ ...honest, outcome: { ...honest.outcome, item: other } }]);
    renderWithApp(<FairnessPanel game="cases" open onOpenChange={() => {}} betId={102} />);
    const check = await screen.findByTestId('fair-outcome-check');
    expect(check).toHaveAttribute('data-ok', 'false');
    expect(check).toHaveTextContent('The result does NOT match');
    expect(screen.getByTestId('fair-stored')).toHaveTextContent(other.name);
    expect(screen.getByTestId('fair-recomputed')).toHaveTextContent(honest.outcome.item.name);
    expect(screen.getByTestId('fair-hash-check')).toHaveAttribute('data-ok', 'true');
  });

  it('says a bet of the active pair is revealed by rotating, rotates and then verifies it', async () => {
    logIn();
    const secret = diceBet(103, TEST_SEEDS, false);
    serveBets([secret]);
    server.use(
      http.post(apiPath('/fair/seed/rotate'), () =>
        HttpResponse.json({
          previous: { ...pair, server_seed: TEST_SEEDS.serverSeed },
          current: { server_seed_hash: sha256Hex('f'.repeat(64)), client_seed: pair.client_seed, nonce: 0 },
        }),
      ),
    );
    renderWithApp(<FairnessPanel game="dice" open onOpenChange={() => {}} betId={103} />);
    expect(await screen.findByTestId('fair-unrevealed')).toHaveTextContent('revealed when you rotate');
    await userEvent.click(screen.getByTestId('fair-verify-rotate'));
    expect(await screen.findByTestId('fair-outcome-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('fair-bet-server-seed')).toHaveTextContent(TEST_SEEDS.serverSeed);
  });

  it('rotates from the seeds tab and shows the revealed server seed and the new hash', async () => {
    logIn();
    serveBets([]);
    const nextHash = sha256Hex('a'.repeat(64));
    const next: SeedPair = { server_seed_hash: nextHash, client_seed: pair.client_seed, nonce: 0 };
    let active = pair;
    server.use(
      http.get(apiPath('/fair/seed'), () => HttpResponse.json(active)),
      http.post(apiPath('/fair/seed/rotate'), () => {
        active = next;
        return HttpResponse.json({
          previous: { ...pair, server_seed: TEST_SEEDS.serverSeed },
          current: next,
        });
      }),
    );
    renderWithApp(<FairnessPanel open onOpenChange={() => {}} />);
    await screen.findByTestId('fair-server-seed-hash');
    await userEvent.click(screen.getByTestId('fair-rotate'));
    const rotated = await screen.findByTestId('fair-rotated');
    expect(within(rotated).getByTestId('fair-revealed-seed')).toHaveTextContent(TEST_SEEDS.serverSeed);
    expect(within(rotated).getByTestId('fair-new-hash')).toHaveTextContent(nextHash);
    expect(rotated).toHaveTextContent('The old pair served 8 bets');
    expect(screen.getByTestId('fair-server-seed-hash')).toHaveTextContent(nextHash);
  });

  it('shows the 422 of a rotation refused while a round is open', async () => {
    logIn();
    serveBets([]);
    server.use(
      http.post(apiPath('/fair/seed/rotate'), () =>
        HttpResponse.json(
          { message: 'Invalid', errors: { client_seed: ['round_open: Finish the open round first'] } },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<FairnessPanel open onOpenChange={() => {}} />);
    await screen.findByTestId('fair-server-seed-hash');
    await userEvent.click(screen.getByTestId('fair-rotate'));
    expect(await screen.findByTestId('fair-rotate-error')).toHaveTextContent('round_open');
  });

  it('checks the client seed by the contract before sending, and shows the server 422 on the field', async () => {
    logIn();
    serveBets([]);
    const sent: unknown[] = [];
    server.use(
      http.put(apiPath('/fair/seed/client'), async ({ request }) => {
        const body = (await request.json()) as { client_seed: string };
        sent.push(body);
        if (body.client_seed === 'taken-seed')
          return HttpResponse.json(
            { message: 'Invalid', errors: { client_seed: ['invalid: nope'] } },
            { status: 422 },
          );
        return HttpResponse.json({ ...pair, client_seed: body.client_seed });
      }),
    );
    renderWithApp(<FairnessPanel open onOpenChange={() => {}} />);
    await screen.findByTestId('fair-server-seed-hash');
    const field = screen.getByLabelText('New client seed');
    const submit = screen.getByRole('button', { name: 'Change client seed' });

    await userEvent.click(submit);
    expect(await screen.findByText('Enter a client seed')).toBeInTheDocument();
    await userEvent.type(field, ' padded');
    await userEvent.click(submit);
    expect(await screen.findByText(/without spaces at the ends/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(65));
    await userEvent.click(submit);
    expect(await screen.findByText('At most 64 characters')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'taken-seed');
    await userEvent.click(submit);
    expect(await screen.findByText('The value is invalid')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'my-new-seed');
    await userEvent.click(submit);
    expect(await screen.findByTestId('fair-client-seed')).toHaveTextContent('my-new-seed');
    expect(sent).toEqual([{ client_seed: 'taken-seed' }, { client_seed: 'my-new-seed' }]);
  });

  it('lets a guest verify by hand: hilo cards recomputed and the hash checked', async () => {
    renderWithApp(<FairnessPanel game="hilo" open onOpenChange={() => {}} />);
    // The dialog's view loads lazily: wait for it (the first panel rendered in the file waits longest).
    expect(await screen.findByTestId('fair-guest-hint')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    await userEvent.type(screen.getByLabelText('Server seed'), TEST_SEEDS.serverSeed);
    await userEvent.type(screen.getByLabelText('Server seed hash (optional)'), sha256Hex('other'));
    await userEvent.type(screen.getByLabelText('Client seed'), TEST_SEEDS.clientSeed);
    const nonce = screen.getByLabelText('Nonce');
    await userEvent.clear(nonce);
    await userEvent.type(nonce, String(TEST_SEEDS.nonce));
    const cards = screen.getByLabelText('Cards dealt, the first one included');
    await userEvent.clear(cards);
    await userEvent.type(cards, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const expected = [0, 1, 2].map((i) => cardLabel(hiloCard(TEST_SEEDS, i)));
    const items = within(await screen.findByTestId('fair-manual-outcome')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(expected);
    expect(screen.getByTestId('fair-manual-hash')).toHaveTextContent(sha256Hex(TEST_SEEDS.serverSeed));
    expect(screen.getByTestId('fair-manual-hash-check')).toHaveAttribute('data-ok', 'false');
  });
});
