import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import { authenticate, bearerToken, type AuthSession } from './tokens';

const sessions = new WeakMap<FastifyRequest, AuthSession>();

/** preHandler of authenticated routes: a valid, unexpired bearer token of a live family, else 401. */
export function requireAuth({ db, keys, clock }: Pick<AppContext, 'db' | 'keys' | 'clock'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await authenticate(
      db,
      keys.accessToken,
      bearerToken(request.headers.authorization),
      clock(),
    );
    sessions.set(request, session);
  };
}

/** The session `requireAuth` established for this request. */
export function sessionOf(request: FastifyRequest): AuthSession {
  const session = sessions.get(request);
  if (!session) throw new UnauthorizedError();
  return session;
}
