import { z } from 'zod';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { lookupGeo } from './service';

export const geoIpReplySchema = z.object({
  ip: z.string(),
  country_code: z.string().length(2).nullable(),
  region: z.enum(['KZ', 'RU']),
});

/** GET /geo_ip (spec §7): 200 with the geo data, or 451 with the same body for a blocked country. */
export const geoRoutes: RoutePlugin<AppContext> = async (app, { db, config }) => {
  app.get(
    '/geo_ip',
    { schema: { response: { 200: geoIpReplySchema, 451: geoIpReplySchema } } },
    async (request, reply) => {
      const { geo, blocked } = await lookupGeo(db, {
        ip: request.ip,
        countryHeader: request.headers[config.geoCountryHeader],
        defaultCountry: config.geoDefaultCountry,
      });
      return reply
        .code(blocked ? 451 : 200)
        .header('cache-control', 'no-store')
        .send(geo);
    },
  );
};
