import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/api/schemas/user';
import { profileSettingsBody } from '@/lib/contracts/auth';
import { testUser } from './fixtures';
import { apiPath } from './handlers';

/** `GET /profile/user` answering `user` (the shared fixture with `patch` applied). */
export const profileWith = (patch: Partial<User> = {}) =>
  http.get(apiPath('/profile/user'), () =>
    HttpResponse.json({
      user: { ...testUser, ...patch },
      features: {},
      region: 'RU',
      fresh_token: null,
      super_bonus: null,
    }),
  );

/**
 * `PUT /profile/settings`: a body that is not exactly one setting answers 422 (as the contract says),
 * otherwise the user with the change applied.
 */
export const profileHandlers = [
  http.put(apiPath('/profile/settings'), async ({ request }) => {
    const parsed = profileSettingsBody.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json(
        { message: 'The given data was invalid.', errors: { body: ['invalid: one setting per call'] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ success: true, user: { ...testUser, ...parsed.data } });
  }),
];
