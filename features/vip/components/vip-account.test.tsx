import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { vipApi, vipProgress } from '@/tests/mocks/vip-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { VipAccount } from './vip-account';

const server = withMockServer();

beforeEach(() => {
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('the VIP club’s personal part', () => {
  it('invites a guest to sign up', async () => {
    renderWithApp(<VipAccount />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModalStore.getState().openModals).toEqual(['signup']);
  });

  it('never shows Sign up to a signed-in player, loading, failing or loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/vip'), () =>
        fail
          ? HttpResponse.json({ message: 'x' }, { status: 500 })
          : HttpResponse.json({ levels: [], me: vipProgress() }),
      ),
    );
    signInTestUser();
    renderWithApp(<VipAccount />);
    expect(screen.queryByText('Sign up')).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.queryByText('Sign up')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('vip-panel')).toBeInTheDocument();
    expect(screen.queryByText('Sign up')).toBeNull();
    expect(screen.queryByTestId('vip-guest')).toBeNull();
  });

  it('shows the player’s level, the progress to the next and their requests', async () => {
    server.use(...vipApi().handlers);
    signInTestUser();
    renderWithApp(<VipAccount />);
    expect(await screen.findByTestId('vip-level-name')).toHaveTextContent('Silver · level 2');
    // 30 000 of silver's 10 000 … gold's 50 000: half way.
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(plainSpaces(screen.getByTestId('vip-next').textContent)).toBe('20,000 points to Gold');
    const request = screen.getByTestId('vip-request');
    expect(request).toHaveTextContent('Personal manager');
    expect(request).toHaveTextContent('Under review');
    // Only the reward not yet claimed is offered.
    expect(screen.getAllByTestId('vip-reward')).toHaveLength(1);
  });

  it('a player below the first level sees no level and the way to bronze', async () => {
    server.use(
      ...vipApi(() => vipProgress({ level: 0, points: 25, next_points: 100, rewards: [], requests: [] }))
        .handlers,
    );
    signInTestUser();
    renderWithApp(<VipAccount />);
    expect(await screen.findByTestId('vip-level-name')).toHaveTextContent('No level yet');
    expect(screen.getByTestId('vip-next')).toHaveTextContent('75 points to Bronze');
    expect(screen.getByTestId('vip-no-rewards')).toBeInTheDocument();
  });

  it('claims the rakeback and a reward; the header’s balance follows', async () => {
    const api = vipApi();
    server.use(...api.handlers);
    signInTestUser({ balance: 1_000 });
    renderWithApp(<VipAccount />);
    await userEvent.click(await screen.findByTestId('vip-claim-rakeback'));
    expect(await screen.findByText('₽12.50 added to your balance.')).toBeInTheDocument();
    expect(useSessionStore.getState().user?.balance).toBe(1_012.5);

    await userEvent.click(within(screen.getByTestId('vip-reward')).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('₽500.00 added to your balance.')).toBeInTheDocument();
    expect(useSessionStore.getState().user?.balance).toBe(1_500);
    expect(api.claims).toEqual(['rakeback', 'reward:7']);
  });

  it('a refused claim says why', async () => {
    server.use(
      http.post(apiPath('/vip/rakeback/claim'), () =>
        HttpResponse.json({ message: 'x', errors: { rakeback: ['nothing'] } }, { status: 422 }),
      ),
      ...vipApi().handlers,
    );
    signInTestUser();
    renderWithApp(<VipAccount />);
    await userEvent.click(await screen.findByTestId('vip-claim-rakeback'));
    expect(await screen.findByText('There is no rakeback to claim yet.')).toBeInTheDocument();
  });

  it('sends a join request; a level transfer needs its details', async () => {
    const api = vipApi(() => vipProgress({ requests: [] }));
    server.use(...api.handlers);
    signInTestUser();
    renderWithApp(<VipAccount />);
    const form = await screen.findByTestId('vip-join-form');
    const type = within(form).getByRole('combobox', { name: 'Request' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Join the VIP club', 'Personal manager', 'Level transfer from another casino']);

    await userEvent.selectOptions(type, 'level_transfer');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    const details = within(form).getByRole('textbox', { name: 'The other casino and your level there' });
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Tell us the casino and the level you hold there.')).toBeInTheDocument();
    expect(api.joins).toEqual([]);

    await userEvent.type(details, 'Casino X, Platinum');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('vip-join-sent')).toHaveTextContent(
      'Request sent: Level transfer from another casino.',
    );
    expect(api.joins).toEqual([{ request_type: 'level_transfer', details: 'Casino X, Platinum' }]);

    await userEvent.selectOptions(type, 'personal_manager');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await screen.findByText('Request sent: Personal manager. We will be in touch.');
    expect(api.joins.at(-1)).toEqual({ request_type: 'personal_manager' });
  });

  it('does not offer a request type already under review', async () => {
    server.use(...vipApi().handlers);
    signInTestUser();
    renderWithApp(<VipAccount />);
    const type = await screen.findByRole('combobox', { name: 'Request' });
    expect(within(type).queryByRole('option', { name: 'Personal manager' })).toBeNull();
  });

  it('shows the server’s refusal of a request on its field', async () => {
    server.use(
      http.post(apiPath('/api/v2/vip/join'), () =>
        HttpResponse.json({ message: 'x', errors: { details: ['too_long'] } }, { status: 422 }),
      ),
      ...vipApi(() => vipProgress({ requests: [] })).handlers,
    );
    signInTestUser();
    renderWithApp(<VipAccount />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Request' }), 'level_transfer');
    await userEvent.type(screen.getByRole('textbox'), 'Casino X, Gold');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The value is too long')).toBeInTheDocument();
  });
});
