import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMockServer } from '@/tests/mocks/server';
import { FirstLoadSso } from './first-load-sso';

const server = withMockServer();

function renderSso() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FirstLoadSso />
    </QueryClientProvider>,
  );
}

describe('FirstLoadSso', () => {
  afterEach(() => {
    Cookies.remove('ssoRedirected', { path: '/' });
    vi.restoreAllMocks();
  });

  it('sets the cookie and goes to the SSO address when the mirror data has one', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      href: 'http://localhost:3000/ru',
      search: '',
    });
    server.use(http.get('*/api/mirror', () => HttpResponse.json({ sso: 'https://sso.example/login' })));
    renderSso();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sso.example/login?url=http%3A%2F%2Flocalhost%3A3000%2Fru'),
    );
    expect(Cookies.get('ssoRedirected')).toBe('1');
  });

  it('clears the cookie and stays when the mirror data cannot load (logged only)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    Cookies.set('ssoRedirected', '1', { path: '/' });
    server.use(http.get('*/api/mirror', () => HttpResponse.json({}, { status: 404 })));
    renderSso();
    await waitFor(() => expect(Cookies.get('ssoRedirected')).toBeUndefined());
    expect(log).toHaveBeenCalledWith('mirror data load failed', expect.anything());
  });
});
