import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { SignupForm } from './signup-form';

vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => ({ replace: vi.fn() }),
  Link: ({ href, children, ...props }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
}));
// FingerprintJS does not run in jsdom; the registration sends whatever the device has (here nothing).
vi.mock('@/lib/fingerprint', () => ({
  prepareFingerprintUpload: () => undefined,
  getSealedFingerprintWithin: async () => null,
}));

const server = withMockServer();

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={messages}>
        <SignupForm />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/** Counts the sign-up and social start calls, and keeps the last body of each. */
function recordCalls() {
  const calls = {
    register: 0,
    social: 0,
    registerBody: undefined as unknown,
    socialBody: undefined as unknown,
  };
  server.use(
    http.post(apiPath('/api/v2/auth/register/email'), async ({ request }) => {
      calls.register += 1;
      calls.registerBody = await request.json();
      return HttpResponse.json({ success: true, token: 'new-token', sso: null });
    }),
    http.put(apiPath('/auth/login'), async ({ request }) => {
      calls.social += 1;
      calls.socialBody = await request.json();
      return HttpResponse.json({ url: 'http://api.test/sandbox/social/google?state=s' });
    }),
  );
  return calls;
}

const ageBox = () => screen.getByRole('checkbox', { name: 'I am 18 or older' });
const termsBox = () => screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });

async function fillContact() {
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
  await userEvent.type(
    screen.getByLabelText('Password', { selector: 'input[type=password]' }),
    'correct horse 1',
  );
}

/** The error text an input's aria-describedby points to. */
function describedError(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('SignupForm: the age confirmation and the terms', () => {
  beforeEach(() => {
    act(() => {
      useSessionStore.getState().clearSession();
      useModalStore.getState().closeAll();
      useModalStore.getState().open('signup');
      useNotificationStore.setState({ items: [] });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows both boxes unticked, the terms linking to the user agreement', () => {
    renderForm();
    expect(ageBox()).not.toBeChecked();
    expect(termsBox()).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/policy/en/user-agreement',
    );
  });

  it('does not send a sign-up without both: each box shows its error, described by it', async () => {
    const calls = recordCalls();
    renderForm();
    await fillContact();
    await userEvent.click(screen.getByTestId('signup-submit'));

    await waitFor(() => expect(ageBox()).toHaveAttribute('aria-invalid', 'true'));
    expect(describedError(ageBox())).toBe('Confirm that you are 18 or older');
    expect(termsBox()).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(termsBox())).toBe('Accept the terms and conditions to create an account');
    expect(ageBox()).toHaveFocus();

    // One box is not enough either; ticking it (by keyboard) clears its own error only.
    ageBox().focus();
    await userEvent.keyboard(' ');
    expect(ageBox()).toBeChecked();
    await waitFor(() => expect(ageBox()).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(termsBox()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Confirm that you are 18 or older')).not.toBeInTheDocument();
    expect(calls.register).toBe(0);
  });

  it('sends both as true once ticked', async () => {
    const calls = recordCalls();
    renderForm();
    await fillContact();
    await userEvent.click(ageBox());
    await userEvent.click(termsBox());
    await userEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(calls.register).toBe(1));
    expect(calls.registerBody).toMatchObject({
      email: 'new@example.com',
      password: 'correct horse 1',
      age_confirmed: true,
      terms_accepted: true,
    });
  });

  it('lets a social button act only once both are ticked, and carries them into the flow', async () => {
    const calls = recordCalls();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderForm();

    await userEvent.click(screen.getByTestId('social-google'));
    expect(describedError(ageBox())).toBe('Confirm that you are 18 or older');
    expect(describedError(termsBox())).toBe('Accept the terms and conditions to create an account');
    await userEvent.click(termsBox());
    await userEvent.click(screen.getByTestId('social-google'));
    expect(describedError(ageBox())).toBe('Confirm that you are 18 or older');
    expect(open).not.toHaveBeenCalled();
    expect(calls.social).toBe(0);

    await userEvent.click(ageBox());
    await userEvent.click(screen.getByTestId('social-google'));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls.social).toBe(1));
    expect(calls.socialBody).toMatchObject({ provider: 'google', age_confirmed: true, terms_accepted: true });
    popup.closed = true; // end the flow
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
  });
});
