import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { profileHandlers, profileWith } from '@/tests/mocks/profile-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { profileQueryKey, type Profile } from '@/lib/session/get-profile';
import { SettingsScreen } from './settings-screen';

const nav = vi.hoisted(() => ({ replace: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ replace: nav.replace }),
  usePathname: () => '/profile/setting',
}));

const server = withMockServer(createMockServer(...profileHandlers));

function recordSettings() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PUT' && new URL(request.url).pathname === '/profile/settings') {
      bodies.push(await request.clone().json());
    }
  });
  return bodies;
}

/** A PUT /profile/settings handler that answers only when the test says so. */
function heldSettings(answer: () => Response) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.put(apiPath('/profile/settings'), async () => {
      await held;
      return answer();
    }),
  );
  return () => release();
}

describe('SettingsScreen', () => {
  beforeEach(() => {
    nav.replace.mockReset();
    server.events.removeAllListeners();
  });

  it('shows the saved values of the profile', async () => {
    server.use(profileWith({ locale: 'kz', timezone: 'Asia/Almaty', is_statistics_hidden: true }));
    renderWithApp(<SettingsScreen />);
    expect(await screen.findByLabelText('Preferred language')).toHaveValue('kz');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Almaty');
    expect(screen.getByRole('switch', { name: 'Hide my avatar' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Hide my statistics' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('a toggle sends exactly its one field and shows the new value at once', async () => {
    const bodies = recordSettings();
    const release = heldSettings(() =>
      HttpResponse.json({ success: true, user: { ...testUser, is_avatar_hidden: true } }),
    );
    const { queryClient } = renderWithApp(<SettingsScreen />);
    const toggle = await screen.findByRole('switch', { name: 'Hide my avatar' });
    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(bodies).toEqual([{ is_avatar_hidden: true }]));
    release();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(queryClient.getQueryData<Profile>(profileQueryKey)?.user.is_avatar_hidden).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rolls a toggle back when saving fails and titles the notification with the translated error', async () => {
    const release = heldSettings(() =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { is_statistics_hidden: ['invalid: The field is invalid.'] },
        },
        { status: 422 },
      ),
    );
    renderWithApp(<SettingsScreen />);
    const toggle = await screen.findByRole('switch', { name: 'Hide my statistics' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    release();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The value is invalid')).toBeInTheDocument();
    expect(within(alert).getByText('The change was not saved and has been undone.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('titles the notification with error.{error} when the answer names its error', async () => {
    server.use(
      http.put(apiPath('/profile/settings'), () =>
        HttpResponse.json({ message: 'Nope', error: 'unavailable' }, { status: 400 }),
      ),
    );
    renderWithApp(<SettingsScreen />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Hide my avatar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This option is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hide my avatar' })).toHaveAttribute('aria-checked', 'false');
  });

  it('saves the language alone and switches the interface to it', async () => {
    const bodies = recordSettings();
    renderWithApp(<SettingsScreen />);
    await userEvent.selectOptions(await screen.findByLabelText('Preferred language'), 'kz');
    await waitFor(() =>
      expect(nav.replace).toHaveBeenCalledWith('/profile/setting', { locale: 'kz', scroll: false }),
    );
    expect(bodies).toEqual([{ locale: 'kz' }]);
  });

  it('does not switch the language when saving it fails, and shows the old one again', async () => {
    server.use(http.put(apiPath('/profile/settings'), () => HttpResponse.error()));
    renderWithApp(<SettingsScreen />);
    const select = await screen.findByLabelText('Preferred language');
    await userEvent.selectOptions(select, 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    expect(select).toHaveValue('ru');
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('filters the time zones and saves the chosen one alone', async () => {
    const bodies = recordSettings();
    renderWithApp(<SettingsScreen />);
    await userEvent.type(await screen.findByLabelText('Find a time zone'), 'alma');
    const select = screen.getByLabelText('Time zone');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toContain('Asia/Almaty');
    expect(options).toContain('Europe/Moscow'); // the current value stays selectable
    expect(options).not.toContain('America/New_York');
    await userEvent.selectOptions(select, 'Asia/Almaty');
    await waitFor(() => expect(bodies).toEqual([{ timezone: 'Asia/Almaty' }]));
    await waitFor(() => expect(select).toHaveValue('Asia/Almaty'));
  });
});
