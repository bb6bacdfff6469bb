import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CRASH_GAMES,
  CRASH_SALT,
  CRASH_TERMINATING,
  crashHandlers,
  crashHistory,
  publishedCrashChain,
} from '@/tests/mocks/crash-handlers';
import { apiPath, failingUntilRecovered } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import { CrashFairnessTools } from './crash-fairness-tools';
import { CrashVerifier } from './crash-verifier';
import { PublishedChain } from './published-chain';

const server = withMockServer();
stubResizeObserver();

const GAME_1 = CRASH_GAMES[0].hash;

/** Types into the verifier's fields (empty ones are left alone) and submits. */
async function verify(fields: { hash?: string; salt?: string; terminating?: string }) {
  const user = userEvent.setup();
  if (fields.hash) await user.type(screen.getByLabelText('Game hash'), fields.hash);
  if (fields.salt) await user.type(screen.getByLabelText('Salt (optional)'), fields.salt);
  if (fields.terminating)
    await user.type(screen.getByLabelText('Terminating hash (optional)'), fields.terminating);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return user;
}

describe('crash fairness: the published chain', () => {
  it('shows the published terminating hash and salt, each with a copy button', async () => {
    server.use(...crashHandlers());
    renderWithApp(<PublishedChain />);
    expect(screen.getByTestId('crash-chain-loading')).toHaveTextContent('Loading…');
    expect(await screen.findByTestId('crash-terminating-hash')).toHaveTextContent(CRASH_TERMINATING);
    expect(screen.getByTestId('crash-salt')).toHaveTextContent(CRASH_SALT);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy the terminating hash' }));
    expect(await navigator.clipboard.readText()).toBe(CRASH_TERMINATING);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('says plainly when no chain is published and no salt is set', async () => {
    server.use(...crashHandlers({ terminating_hash: null, salt: null }));
    renderWithApp(<PublishedChain />);
    expect(await screen.findByTestId('crash-not-published')).toHaveTextContent(/^Not published yet\./);
    expect(screen.getByTestId('crash-salt-not-set')).toHaveTextContent(/^Not set yet\./);
    expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });

  it('says the chain could not be loaded and loads it on retry', async () => {
    const failing = failingUntilRecovered('/crash/fairness', () => publishedCrashChain);
    server.use(failing.handler);
    renderWithApp(<PublishedChain />);
    const error = await screen.findByTestId('crash-chain-error');
    expect(error).toHaveTextContent('The chain could not be loaded.');
    failing.recover();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('crash-terminating-hash')).toHaveTextContent(CRASH_TERMINATING);
  });
});

describe('crash fairness: the last games', () => {
  it('lists the finished games with number, crash point, time and shortened hash; copy takes the whole hash', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashFairnessTools />);
    const rows = await screen.findAllByTestId('crash-history-game');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Game #104');
    expect(rows[0]).toHaveTextContent('91.57×');
    expect(rows[3]).toHaveTextContent('1.62×');
    expect(rows[3]).toHaveTextContent('754ff0ee…2ca3c94c');
    expect(within(rows[3]).getByText('754ff0ee…2ca3c94c')).toHaveAttribute('title', GAME_1);
    expect(within(rows[3]).getByRole('time')).toHaveAttribute('datetime', crashHistory.items[3].started_at);
    const user = userEvent.setup();
    await user.click(within(rows[3]).getByRole('button', { name: 'Copy the hash of game #101' }));
    expect(await navigator.clipboard.readText()).toBe(GAME_1);
  });

  it('verifies a listed game in the verifier: its point, and its place in the published chain', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashFairnessTools />);
    await screen.findAllByTestId('crash-history-game');
    await userEvent.click(screen.getByRole('button', { name: 'Verify game #104' }));
    expect(screen.getByLabelText('Game hash')).toHaveValue(CRASH_GAMES[3].hash);
    expect(await screen.findByTestId('crash-verify-point')).toHaveTextContent('91.57×');
    const verdict = await screen.findByTestId('crash-verify-chain');
    expect(verdict).toHaveAttribute('data-result', 'found');
    expect(verdict).toHaveTextContent('this is game 4 of the chain');
  });

  it("explains what a game's Verify does in a tooltip, its description while shown", async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashFairnessTools />);
    await screen.findAllByTestId('crash-history-game');
    const button = screen.getByRole('button', { name: 'Verify game #104' });
    const hint = /Puts this game's hash into the verifier and checks it in your browser/;
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(hint);
    expect(button).toHaveAccessibleDescription(hint);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('says when no game was played yet', async () => {
    server.use(...crashHandlers(publishedCrashChain, { items: [] }));
    renderWithApp(<CrashFairnessTools />);
    expect(await screen.findByTestId('crash-history-empty')).toHaveTextContent(
      'No game has been played yet.',
    );
  });

  it('says the games could not be loaded and loads them on retry', async () => {
    const failing = failingUntilRecovered('/crash/history', () => crashHistory);
    server.use(failing.handler, ...crashHandlers());
    renderWithApp(<CrashFairnessTools />);
    expect(screen.getByTestId('crash-history-loading')).toBeInTheDocument();
    const error = await screen.findByTestId('crash-history-error');
    expect(error).toHaveTextContent('The last games could not be loaded.');
    failing.recover();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('crash-history-game')).toHaveLength(4);
  });
});

describe('crash fairness: the verifier', () => {
  it('computes the known answer with the published salt: 1.62×, the previous hash, game 1 of the chain', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashVerifier />);
    await verify({ hash: GAME_1 });
    expect(await screen.findByTestId('crash-verify-point')).toHaveTextContent('1.62×');
    expect(screen.getByTestId('crash-verify-previous')).toHaveTextContent(CRASH_TERMINATING);
    expect(screen.getByTestId('crash-verify-salt-used')).toHaveTextContent(CRASH_SALT);
    const verdict = await screen.findByTestId('crash-verify-chain');
    expect(verdict).toHaveAttribute('data-result', 'found');
    expect(verdict).toHaveTextContent('Leads back to the terminating hash: this is game 1 of the chain.');
    // The result is announced.
    expect(screen.getByTestId('crash-verify-result')).toHaveAttribute('aria-live', 'polite');
  });

  it('uses a typed salt and terminating hash when none is published', async () => {
    server.use(...crashHandlers({ terminating_hash: null, salt: null }));
    renderWithApp(<CrashVerifier />);
    expect(
      await screen.findByText('No salt is published yet: enter one to compute a crash point'),
    ).toBeInTheDocument();
    await verify({ hash: CRASH_GAMES[1].hash, salt: CRASH_SALT, terminating: CRASH_TERMINATING });
    expect(await screen.findByTestId('crash-verify-point')).toHaveTextContent('1.15×');
    expect(await screen.findByTestId('crash-verify-chain')).toHaveTextContent('this is game 2 of the chain');
  });

  it('asks for the salt when none is published, and says the chain cannot be checked without a terminating hash', async () => {
    server.use(...crashHandlers({ terminating_hash: null, salt: null }));
    renderWithApp(<CrashVerifier />);
    const user = await verify({ hash: GAME_1 });
    const salt = screen.getByLabelText('Salt (optional)');
    expect(salt).toHaveAccessibleDescription('No salt is published yet: enter the salt');
    expect(salt).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(salt).toHaveFocus());
    expect(screen.queryByTestId('crash-verify-point')).not.toBeInTheDocument();

    await user.type(salt, CRASH_SALT);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('crash-verify-point')).toHaveTextContent('1.62×');
    expect(screen.getByTestId('crash-verify-chain')).toHaveAttribute('data-result', 'none');
    expect(screen.getByTestId('crash-verify-chain')).toHaveTextContent(
      'No terminating hash is published yet, so the chain could not be checked.',
    );
  });

  it('refuses what is not 64 lowercase hex characters, with a field error', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashVerifier />);
    const user = await verify({});
    const hash = screen.getByLabelText('Game hash');
    expect(hash).toHaveAccessibleDescription('Paste a game hash');
    expect(hash).toHaveFocus();

    await user.type(hash, GAME_1.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(hash).toHaveAccessibleDescription(
      'A game hash is 64 characters: digits and lowercase letters a–f',
    );
    expect(hash).toHaveAttribute('aria-invalid', 'true');

    await user.clear(hash);
    await user.type(hash, GAME_1);
    await user.type(screen.getByLabelText('Terminating hash (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('Terminating hash (optional)')).toHaveAccessibleDescription(
      'A terminating hash is 64 characters: digits and lowercase letters a–f',
    );
    expect(hash).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('crash-verify-point')).not.toBeInTheDocument();
  });

  it('says a hash that is not in the chain was not found within the limit', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashVerifier maxSteps={500} />);
    await verify({ hash: 'a'.repeat(64) });
    const verdict = await screen.findByTestId('crash-verify-chain');
    expect(verdict).toHaveAttribute('data-result', 'not-found');
    expect(verdict).toHaveTextContent('The terminating hash was not found within 500 games back');
    // Its crash point is still what the formula gives.
    expect(screen.getByTestId('crash-verify-point')).toHaveTextContent('×');
  });

  it('shows its progress through a long search and stops when asked', async () => {
    server.use(...crashHandlers());
    renderWithApp(<CrashVerifier maxSteps={50_000_000} />);
    const user = await verify({ hash: 'b'.repeat(64) });
    const searching = await screen.findByTestId('crash-verify-searching');
    expect(within(searching).getByRole('progressbar', { name: 'Games checked' })).toHaveAttribute(
      'max',
      '50000000',
    );
    expect(searching).toHaveTextContent(/games checked…/);
    await user.click(within(searching).getByRole('button', { name: 'Stop' }));
    const verdict = await screen.findByTestId('crash-verify-chain');
    expect(verdict).toHaveAttribute('data-result', 'cancelled');
    expect(verdict).toHaveTextContent(/^Stopped after [\d,]+ games back\.$/);
    expect(screen.queryByTestId('crash-verify-searching')).not.toBeInTheDocument();
  });

  it('says when the published salt cannot be loaded', async () => {
    server.use(
      http.get(apiPath('/crash/fairness'), () => HttpResponse.json({ message: 'boom' }, { status: 400 })),
    );
    renderWithApp(<CrashVerifier />);
    await verify({ hash: GAME_1 });
    expect(await screen.findByLabelText('Salt (optional)')).toHaveAccessibleDescription(
      'The published salt could not be loaded: enter the salt',
    );
  });
});
