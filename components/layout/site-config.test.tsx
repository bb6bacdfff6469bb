import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '@/lib/stores/settings-store';
import { VERIFICATION_META_NAME } from '@/lib/traffic/verification-meta';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { SiteConfig, SiteLinks } from './site-config';

const MIRROR = {
  redirect: { newLink: null },
  sso: null,
  verification: 'google-abc',
  revshare_service_frontend_url: 'https://partners.example/',
  telegram_channel_url: 'https://t.me/aurum',
};

const server = withMockServer(createMockServer(http.get('*/api/mirror', () => HttpResponse.json(MIRROR))));

const verificationTags = () => document.head.querySelectorAll(`meta[name="${VERIFICATION_META_NAME}"]`);

describe('SiteConfig', () => {
  afterEach(() => {
    for (const tag of verificationTags()) tag.remove();
    useSettingsStore.setState({ revshareUrl: null, tgChannelUrl: null });
    vi.restoreAllMocks();
  });

  it("fills the settings store and adds the mirror's verification meta tag", async () => {
    expect(useSettingsStore.getState()).toMatchObject({ revshareUrl: null, tgChannelUrl: null });
    renderWithApp(<SiteConfig />);
    await waitFor(() =>
      expect(useSettingsStore.getState()).toMatchObject({
        revshareUrl: 'https://partners.example/',
        tgChannelUrl: 'https://t.me/aurum',
      }),
    );
    expect(verificationTags()).toHaveLength(1);
    expect(verificationTags()[0]).toHaveAttribute('content', 'google-abc');
  });

  it('keeps the one tag the server rendered, with the current value', async () => {
    const rendered = document.createElement('meta');
    rendered.name = VERIFICATION_META_NAME;
    rendered.content = 'google-old';
    document.head.appendChild(rendered);
    renderWithApp(<SiteConfig />);
    await waitFor(() => expect(verificationTags()[0]).toHaveAttribute('content', 'google-abc'));
    expect(verificationTags()).toHaveLength(1);
  });

  it('adds no tag for a mirror without a verification value', async () => {
    server.use(http.get('*/api/mirror', () => HttpResponse.json({ ...MIRROR, verification: null })));
    renderWithApp(<SiteConfig />);
    await waitFor(() => expect(useSettingsStore.getState().revshareUrl).toBe('https://partners.example/'));
    expect(verificationTags()).toHaveLength(0);
  });

  it('changes nothing when the mirror data fails to load, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/mirror', () => new HttpResponse(null, { status: 500 })));
    renderWithApp(<SiteConfig />);
    await waitFor(() => expect(log).toHaveBeenCalledWith('mirror data load failed', expect.anything()));
    expect(useSettingsStore.getState()).toMatchObject({ revshareUrl: null, tgChannelUrl: null });
    expect(verificationTags()).toHaveLength(0);
  });
});

describe('SiteLinks', () => {
  afterEach(() => useSettingsStore.setState({ revshareUrl: null, tgChannelUrl: null }));

  it('shows the partner and Telegram links only once the mirror data names them', () => {
    renderWithApp(
      <ul>
        <SiteLinks partnersLabel="Partners" telegramLabel="Telegram" />
      </ul>,
    );
    expect(screen.queryByTestId('footer-revshare')).toBeNull();
    expect(screen.queryByTestId('footer-telegram')).toBeNull();

    act(() => useSettingsStore.setState({ tgChannelUrl: 'https://t.me/aurum' }));
    expect(screen.queryByTestId('footer-revshare')).toBeNull();
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/aurum');

    act(() => useSettingsStore.setState({ revshareUrl: 'https://partners.example/' }));
    const partners = screen.getByRole('link', { name: 'Partners' });
    expect(partners).toHaveAttribute('href', 'https://partners.example/');
    expect(partners).toHaveAttribute('target', '_blank');
    expect(partners).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
