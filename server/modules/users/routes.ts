import { profileQuery, profileReply, profileSettingsBody, profileSettingsReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { socialLoginAvailable } from '../auth/social';
import { freshToken } from '../auth/tokens';
import { findUserById, rememberDeviceTag, toProfileUser, updateSettings } from './service';

/** `GET /profile/user` and `PUT /profile/settings` (spec §7, "Profile"). */
export const profileRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get(
    '/profile/user',
    { schema: { querystring: profileQuery, response: { 200: profileReply } }, config: { auth: 'required' } },
    async (request) => {
      const session = requireSession(request);
      const user = await findUserById(ctx.db, session.userId);
      if (!user) throw new Error(`User ${session.userId} of a live session is missing`);
      await rememberDeviceTag(ctx.db, user, request.query.whoAreYou, ctx.clock());
      return {
        user: await toProfileUser(ctx.db, user),
        features: { social_login: socialLoginAvailable(ctx), sms_login: ctx.config.smsLoginEnabled },
        region: request.region,
        // Null when the token sent is no longer the family's latest (fresh_token never upgrades it).
        fresh_token: await freshToken(ctx.keys.accessToken, session, ctx.clock()),
        super_bonus: user.superBonusTag,
      };
    },
  );

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
