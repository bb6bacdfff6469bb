import { http, HttpResponse, type JsonBodyType } from 'msw';
import { REFRESHED_TOKEN, testUser } from './fixtures';

/**
 * Shared msw handlers for component tests. Paths start with `*` so they answer on any base address
 * (the main API and every service client). Override per test with `server.use(...)`.
 */
export const apiPath = (path: string) => `*${path.startsWith('/') ? path : `/${path}`}`;

export const handlers = [
  http.post(apiPath('/auth/refresh-token'), () => HttpResponse.json({ access_token: REFRESHED_TOKEN })),
  http.get(apiPath('/profile/user'), () =>
    HttpResponse.json({ user: testUser, features: {}, region: 'RU', fresh_token: null, super_bonus: null }),
  ),
  http.get(apiPath('/geo_ip'), () =>
    HttpResponse.json({ ip: '127.0.0.1', country_code: 'RU', region: 'RU' }),
  ),
];

/**
 * A GET that fails (400 `boom`) until `recover()`, then answers `reply()`: for a list's error state and
 * its retry.
 */
export function failingUntilRecovered(path: string, reply: () => JsonBodyType) {
  let fail = true;
  return {
    handler: http.get(apiPath(path), () =>
      fail ? HttpResponse.json({ message: 'boom' }, { status: 400 }) : HttpResponse.json(reply()),
    ),
    recover: () => {
      fail = false;
    },
  };
}
