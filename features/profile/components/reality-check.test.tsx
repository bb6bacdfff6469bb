import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { sessionInfoHandlers, type SessionState } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { RealityCheck, REALITY_CHECK_TICK_MS } from './reality-check';

const MINUTE = 60_000;
const START = '2031-01-01T10:00:00.000Z';
const state: SessionState = {
  startedAt: START,
  netResult: 0,
  realityCheckMinutes: null,
  sessionMinutes: null,
  reads: 0,
};
const logouts: number[] = [];
withMockServer(
  createMockServer(
    ...sessionInfoHandlers(state),
    http.put(apiPath('/auth/logout'), () => {
      logouts.push(Date.now());
      return HttpResponse.json({ success: true });
    }),
  ),
);

/** Moves the fake clock (and the interval that compares it with the due times) on. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(START));
  Object.assign(state, {
    startedAt: START,
    netResult: 0,
    realityCheckMinutes: null,
    sessionMinutes: null,
    reads: 0,
  });
  logouts.length = 0;
  act(() =>
    useSessionStore.setState({ token: 't', isLoggedIn: true, user: { ...testUser, currency: 'RUB' } }),
  );
});
afterEach(() => vi.useRealTimers());

/** Renders the reality check once the session has been read. */
async function mount() {
  renderWithApp(<RealityCheck />);
  await vi.waitFor(() => expect(state.reads).toBe(1));
  await pass(0);
}

describe('the reality check', () => {
  it('reminds every N minutes of the session with the time played and the net result; Continue and Escape close it', async () => {
    state.realityCheckMinutes = 10;
    state.netResult = -12.5;
    await mount();
    await pass(10 * MINUTE - REALITY_CHECK_TICK_MS);
    expect(screen.queryByRole('dialog')).toBeNull();

    await pass(REALITY_CHECK_TICK_MS);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByTestId('reality-check-time')).toHaveTextContent(
      'You have been playing for 10 min.',
    );
    expect(within(dialog).getByTestId('reality-check-net')).toHaveTextContent(
      `Net result of this session: ${formatterFor('en').signedMoney(-12.5, 'RUB')}`,
    );
    // A modal dialog: the focus is inside it.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The next one comes N minutes later, with the figures of that moment.
    state.netResult = 30;
    await pass(10 * MINUTE);
    const again = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(again).getByTestId('reality-check-time')).toHaveTextContent('20 min');
    expect(within(again).getByTestId('reality-check-net')).toHaveTextContent(
      formatterFor('en').signedMoney(30, 'RUB'),
    );
    expect(within(again).getByRole('link', { name: 'View history' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/profile\/history$/),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await pass(10 * MINUTE);
    expect(
      within(await screen.findByRole('dialog', { name: 'Reality check' })).getByTestId('reality-check-time'),
    ).toHaveTextContent('You have been playing for 30 min.');
    expect(state.reads).toBe(4);
  });

  it('keeps the rhythm of the session across a reload: the first reminder is at the next multiple', async () => {
    state.realityCheckMinutes = 10;
    vi.setSystemTime(new Date(Date.parse(START) + 65 * MINUTE)); // the page opens 65 minutes in
    await mount();
    await pass(5 * MINUTE - REALITY_CHECK_TICK_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(REALITY_CHECK_TICK_MS);
    expect(await screen.findByText('You have been playing for 1 h 10 min.')).toBeInTheDocument();
  });

  it('logs the player out from the dialog', async () => {
    state.realityCheckMinutes = 15;
    await mount();
    await pass(15 * MINUTE);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(logouts).toHaveLength(1);
  });

  it('tells the player once when the session limit is reached, and reminds no more', async () => {
    state.realityCheckMinutes = 10;
    state.sessionMinutes = 15;
    await mount();
    await pass(10 * MINUTE);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reality check' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    await pass(5 * MINUTE);
    const limit = await screen.findByRole('dialog', { name: 'Session limit reached' });
    expect(within(limit).getByTestId('reality-check-limit')).toHaveTextContent(
      'Your session limit of 15 min is reached. Bets and deposits are closed until you log in again',
    );
    expect(within(limit).queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(within(limit).getByRole('button', { name: 'Close' }));
    await pass(30 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens nothing without an interval or a session limit', async () => {
    await mount();
    await pass(3 * 60 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.reads).toBe(1);
  });
});
