import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireSession } from '../../plugins/request-context';
import { authenticate, bearerToken, type AuthSession } from './tokens';

/**
 * preHandler of authenticated routes: a valid, unexpired bearer token of a live family, else 401.
 * Prefer `config: { auth: 'required' }` (server/plugins/request-context.ts); this explicit hook is for a
 * route that must authenticate at another stage (e.g. onRequest, before body validation).
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

/** The session established for this request (`requireSession` of the request-context plugin). */
export function sessionOf(request: FastifyRequest): AuthSession {
  return requireSession(request);
}
