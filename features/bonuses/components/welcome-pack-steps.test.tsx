import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { bonusHandlers, createBonusBackend, testWelcomePack } from '@/tests/mocks/bonus-handlers';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { WelcomePackSteps } from './welcome-pack-steps';

const server = withMockServer();

const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('WelcomePackSteps', () => {
  beforeEach(() => {
    server.use(...bonusHandlers(createBonusBackend()));
    act(() => useSessionStore.getState().clearSession());
  });

  it('shows a logged-in user each stage done, current or locked, the deposits made and a deposit button on the current one', async () => {
    act(() => useSessionStore.getState().setToken('t'));
    renderWithApp(<WelcomePackSteps />);

    const list = await screen.findByRole('list', { name: 'Welcome pack stages' });
    expect(list.tagName).toBe('OL');
    const stages = within(list).getAllByTestId('welcome-stage');
    expect(stages.map((s) => within(s).getByTestId('welcome-stage-status').textContent)).toEqual([
      'Received',
      'Next',
      'Locked',
    ]);
    expect(stages.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(screen.getByTestId('welcome-pack-deposits')).toHaveTextContent('1 deposit made');

    expect(within(stages[0]).queryByRole('button')).toBeNull();
    expect(within(stages[2]).queryByRole('button')).toBeNull();
    await userEvent.click(within(stages[1]).getByRole('button', { name: 'Make deposit 2' }));
    expect(useModalStore.getState().openModals).toEqual(['PayIn']);
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('shows every term of a stage', async () => {
    renderWithApp(<WelcomePackSteps />);
    const [first] = await screen.findAllByTestId('welcome-stage');
    expect(within(first).getByRole('heading', { name: 'First deposit' })).toBeInTheDocument();
    const text = plain(first.textContent);
    expect(text).toContain('Bonus100%');
    expect(text).toContain('Up to₽50,000.00');
    expect(text).toContain('Minimum deposit₽500.00');
    expect(text).toContain('Wager×35');
    expect(text).toContain('Free spins50');
  });

  it('shows a guest the stages without statuses and a sign-up button', async () => {
    renderWithApp(<WelcomePackSteps />);
    expect(await screen.findByTestId('welcome-pack-title')).toHaveTextContent('Welcome pack up to 100 000 ₽');
    const stages = screen.getAllByTestId('welcome-stage');
    expect(stages).toHaveLength(3);
    expect(screen.queryByTestId('welcome-stage-status')).toBeNull();
    expect(screen.queryByTestId('welcome-pack-deposits')).toBeNull();
    expect(screen.queryByRole('button', { name: /Make deposit/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModalStore.getState().openModals).toEqual(['signup']);
  });

  it('says when no welcome pack is offered', async () => {
    server.use(
      http.get(apiPath('/api/v3/welcome-pack/get-welcome-packs-guest'), () =>
        HttpResponse.json(testWelcomePack({ publicTitle: null, stages: [] })),
      ),
    );
    renderWithApp(<WelcomePackSteps />);
    expect(await screen.findByText('No welcome pack is offered right now.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/api/v3/welcome-pack/get-welcome-packs-guest'), () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 400 }) : HttpResponse.json(testWelcomePack()),
      ),
    );
    renderWithApp(<WelcomePackSteps />);
    expect(await screen.findByTestId('welcome-pack-error')).toHaveTextContent(
      'The welcome pack could not be loaded.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('welcome-stage')).toHaveLength(3);
  });
});
