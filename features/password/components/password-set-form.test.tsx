import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { passwordHandlers, validationFailure } from '@/tests/mocks/password-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { PasswordSetForm } from './password-set-form';

const server = withMockServer(createMockServer(...passwordHandlers));

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Password'), 'new-secret-1');
  await userEvent.type(screen.getByLabelText('Repeat the password'), 'new-secret-1');
  await userEvent.click(screen.getByRole('button', { name: 'Set the password' }));
}

describe('PasswordSetForm', () => {
  it('shows only the first password message of a 422', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/set'), () =>
        validationFailure({
          password: ['too_short: The password field must be at least 8 characters.', 'invalid: Too common.'],
          confirm_password: ['mismatch: The passwords do not match.'],
        }),
      ),
    );
    renderWithApp(<PasswordSetForm />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The value is too short');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows the confirmation message when the password itself has none', async () => {
    server.use(
      http.post(apiPath('/api/v2/auth/password/set'), () =>
        validationFailure({ confirm_password: ['mismatch: The passwords do not match.'] }),
      ),
    );
    renderWithApp(<PasswordSetForm />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The passwords do not match');
  });

  it('sends password and confirm_password, announces success, clears the form and reports it', async () => {
    const onSet = vi.fn();
    renderWithApp(<PasswordSetForm onSet={onSet} />);
    await fillAndSubmit();
    expect(await screen.findByTestId('notification-success')).toHaveTextContent('The password has been set.');
    expect(onSet).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
  });
});
