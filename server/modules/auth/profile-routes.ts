import { profileQuery, profileReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { findUserById, rememberDeviceTag, toProfileUser } from '../users/service';
import { socialLoginAvailable } from './social';
import { freshToken } from './tokens';

/**
 * `GET /profile/user` (spec §7, "Profile"): the player with the session facts (fresh_token, the log-in
 * features), so it lives with the sessions; `PUT /profile/settings` is the users module's.
 */
export const profileUserRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
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
};
