import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { newProtectionState, protectionHandlers } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { SelfExclusionSetting } from './self-exclusion';

const state = newProtectionState();
const server = withMockServer(createMockServer(...protectionHandlers(state)));

beforeEach(() => {
  Object.assign(state, newProtectionState());
});

describe('responsible gaming: self-exclusion', () => {
  it('shows the status and starts a break only after a confirmation that says what happens', async () => {
    renderWithApp(<SelfExclusionSetting />);
    expect(await screen.findByTestId('account-status')).toHaveTextContent('Your account is active.');
    await userEvent.selectOptions(screen.getByLabelText('For how long'), '30');
    await userEvent.click(screen.getByTestId('self-exclusion-start'));
    const confirm = screen.getByTestId('self-exclusion-confirm');
    expect(confirm).toHaveTextContent(/Until .+ you will not be able to deposit, bet or receive bonuses\./);
    expect(confirm).toHaveTextContent('Neither you nor support can undo this before it ends.');
    expect(state.requests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('self-exclusion-confirm')).toBeNull();
    expect(state.requests).toEqual([]);

    await userEvent.click(screen.getByTestId('self-exclusion-start'));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, exclude me: 30 days' }));
    expect(await screen.findByText(/You have excluded yourself until/)).toBeInTheDocument();
    expect(state.requests).toEqual([30]);
  });

  it('for good: says so, and offers nothing more', async () => {
    renderWithApp(<SelfExclusionSetting />);
    await userEvent.selectOptions(await screen.findByLabelText('For how long'), 'forever');
    await userEvent.click(screen.getByTestId('self-exclusion-start'));
    expect(screen.getByTestId('self-exclusion-confirm')).toHaveTextContent(
      'You will never again be able to deposit, bet or receive bonuses on this account.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, exclude me: For good' }));
    expect(await screen.findByText(/You have excluded yourself for good/)).toBeInTheDocument();
    expect(screen.queryByTestId('self-exclusion-start')).toBeNull();
    expect(state.requests).toEqual([null]);
  });

  it('a suspended account is told so and cannot start a break', async () => {
    state.protection = { status: 'suspended', excluded_until: null };
    renderWithApp(<SelfExclusionSetting />);
    expect(await screen.findByTestId('account-status')).toHaveTextContent(/suspended/);
    expect(screen.queryByTestId('self-exclusion-start')).toBeNull();
  });

  it('says when the status cannot be loaded', async () => {
    server.use(http.get(apiPath('/api/v2/profile/protection'), () => HttpResponse.json({}, { status: 500 })));
    renderWithApp(<SelfExclusionSetting />);
    expect(await screen.findByText(/Your account status could not be loaded\./)).toBeInTheDocument();
  });
});
