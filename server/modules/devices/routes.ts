import { deviceKeyReply } from '@/lib/device-seal';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { deviceKeyPair } from './keys';

/** `GET /api/v2/device/key`: the public key the browser seals its fingerprint to (lib/device-seal.ts). */
export const deviceRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.get(
    '/api/v2/device/key',
    { schema: { response: { 200: deviceKeyReply } } },
    async (_request, reply) => {
      // The same for everyone and for as long as the secret stands.
      reply.header('cache-control', 'public, max-age=3600');
      return (await deviceKeyPair(ctx.keys.deviceSeal)).publicKey;
    },
  );
};
