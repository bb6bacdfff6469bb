import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { authenticate, bearerToken } from './tokens';

/**
 * An explicit authentication hook, for the one route that must authenticate at another stage than
 * `config: { auth: 'required' }` does (traffic's POST /attachSource: onRequest, so a guest gets 401
 * before its body is validated). Sets `request.session` like the request-context plugin; read it with
 * `requireSession(request)`. Every other route declares `config: { auth }` (server/plugins/request-context.ts).
 */
export function requireAuth({ db, keys, clock }: Pick<AppContext, 'db' | 'keys' | 'clock'>) {
  return async (request: FastifyRequest): Promise<void> => {
    request.session = await authenticate(
      db,
      keys.accessToken,
      bearerToken(request.headers.authorization),
      clock(),
    );
  };
}
