import { profileSettingsBody, profileSettingsReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { toProfileUser, updateSettings } from './service';

/** `PUT /profile/settings` (spec §7, "Profile"); `GET /profile/user` is in modules/auth/profile-routes.ts. */
export const profileRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.put(
    '/profile/settings',
    {
      schema: { body: profileSettingsBody, response: { 200: profileSettingsReply } },
      config: { auth: 'required' },
    },
    async (request) => {
      const user = await updateSettings(ctx.db, requireSession(request).userId, request.body, ctx.clock());
      return { success: true as const, user: await toProfileUser(ctx.db, user) };
    },
  );
};
