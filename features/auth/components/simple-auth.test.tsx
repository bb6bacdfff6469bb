import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { runSimpleAuth } from './simple-auth';

const server = withMockServer();

describe('the simple-auth flow', () => {
  afterEach(() => {
    useSessionStore.getState().clearSession();
    vi.restoreAllMocks();
  });

  it('fetches the profile with the token, reports IP and user agent, attaches the source, then refreshes the token', async () => {
    const calls: string[] = [];
    let profileCalls = 0;
    server.use(
      http.get(apiPath('/profile/user'), ({ request }) => {
        profileCalls += 1;
        calls.push(`profile ${request.headers.get('authorization')}`);
        return HttpResponse.json({ user: testUser, features: {}, region: 'RU', fresh_token: `fresh-${profileCalls}`, super_bonus: null });
      }),
      http.post(apiPath('/middleware/ip'), async ({ request }) => {
        const body = (await request.json()) as { host: string; userAgent: string };
        calls.push(`ip ${body.host} ${body.userAgent ? 'ua' : ''}`);
        return HttpResponse.json({});
      }),
      http.post(apiPath('/attachSource'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`attach ${Object.keys(body).sort().join(',')}`);
        return HttpResponse.json({});
      }),
    );
    await expect(runSimpleAuth('simple-token')).resolves.toBe(true);
    expect(calls).toEqual([
      'profile Bearer simple-token',
      `ip ${window.location.host} ua`,
      'attach advId,advertiseSource,advertiseUid,cpaOneUid,partnerId,prHash,promo,stag',
      'profile Bearer fresh-1',
    ]);
    expect(useSessionStore.getState().token).toBe('fresh-2');
  });

  it('goes on when the IP report and the source attachment fail (swallowed and logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(apiPath('/middleware/ip'), () => HttpResponse.json({}, { status: 500 })),
      http.post(apiPath('/attachSource'), () => HttpResponse.error()),
    );
    await expect(runSimpleAuth('simple-token')).resolves.toBe(true);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('clears the token cookie when the profile fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiPath('/profile/user'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 403 })));
    await expect(runSimpleAuth('bad-token')).resolves.toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});
