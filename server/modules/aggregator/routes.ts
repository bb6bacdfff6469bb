import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AGGREGATOR_SIGNATURE_HEADER,
  aggregatorBalanceRequest,
  aggregatorBetRequest,
  aggregatorReply,
  aggregatorRollbackRequest,
  aggregatorUserId,
  aggregatorUserInfoRequest,
  aggregatorWinRequest,
  minorToUnits,
  unitsPerMinor,
  type AggregatorReply,
  type AggregatorStatus,
} from '@/lib/contracts/aggregator';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import { balance, placeBet, rollback, settleWin, userInfo, type WalletAnswer } from './service';
import { walletVerifier } from './signature';

/**
 * The aggregator's wallet calls (lib/contracts/aggregator.ts; rules in service.ts). Each body is read as
 * raw bytes, its signature checked against exactly those bytes (constant time), then parsed: a call that
 * is not signed, or not as configured, answers RS_ERROR_INVALID_SIGNATURE; a body that is not JSON or
 * lacks a field RS_ERROR_WRONG_SYNTAX; a field of the wrong type RS_ERROR_WRONG_TYPES. Every answer is
 * HTTP 200 with its status, as Hub88 reads them (a non-200 is a network failure to it); not geo-guarded:
 * the aggregator is not the player.
 */
export const aggregatorRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  const verify = walletVerifier(ctx.config);
  if (!verify) {
    app.log.warn(
      'aggregator: neither AGGREGATOR_SECRET nor AGGREGATOR_PUBLIC_KEY is set: every wallet call is refused',
    );
  }
  const perMinor = unitsPerMinor(ctx.config.aggregator.unitsPerMajor);
  if (perMinor === null) throw new Error('AGGREGATOR_CURRENCY_UNITS must be a positive multiple of 100');

  // The raw bytes: the signature covers them exactly. Scoped to this plugin.
  const keepRaw = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepRaw);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, keepRaw);

  const reply = (
    answer: WalletAnswer,
    requestUuid: string | undefined,
    user: string | undefined,
  ): AggregatorReply => ({
    status: answer.status,
    ...(requestUuid === undefined ? {} : { request_uuid: requestUuid }),
    ...(answer.userId !== undefined
      ? { user: aggregatorUserId(answer.userId) }
      : user === undefined
        ? {}
        : { user }),
    ...(answer.currency ? { currency: answer.currency } : {}),
    ...(answer.balanceMinor === undefined
      ? {}
      : { balance: Number(minorToUnits(answer.balanceMinor, perMinor)) }),
    ...(answer.country ? { country: answer.country } : {}),
    ...(answer.registrationDate ? { registration_date: answer.registrationDate } : {}),
  });

  /** One wallet call: signature, syntax, types, then `run`. */
  const call =
    <S extends z.ZodType>(schema: S, run: (body: z.output<S>) => Promise<WalletAnswer>) =>
    async (request: FastifyRequest): Promise<AggregatorReply> => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const json = parseJson(raw);
      const fields =
        json !== null && typeof json === 'object' && !Array.isArray(json)
          ? (json as Record<string, unknown>)
          : null;
      const requestUuid =
        typeof fields?.request_uuid === 'string' ? fields.request_uuid.slice(0, 100) : undefined;
      const user = typeof fields?.user === 'string' ? fields.user.slice(0, 64) : undefined;
      const refuse = (status: AggregatorStatus) => reply({ status }, requestUuid, user);
      if (!verify || !verify(raw, request.headers[AGGREGATOR_SIGNATURE_HEADER])) {
        request.log.info({ url: request.url }, 'aggregator: call refused, bad signature');
        return refuse('RS_ERROR_INVALID_SIGNATURE');
      }
      if (!fields) return refuse('RS_ERROR_WRONG_SYNTAX');
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const missing = parsed.error.issues.some(
          (issue) => issue.code === 'invalid_type' && fields[String(issue.path[0])] === undefined,
        );
        return refuse(missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES');
      }
      const answer = await run(parsed.data);
      if (answer.status !== 'RS_OK') {
        request.log.info(
          { url: request.url, status: answer.status, transaction_uuid: fields.transaction_uuid },
          'aggregator: call refused',
        );
      }
      return reply(answer, requestUuid, user);
    };

  const schema = { response: { 200: aggregatorReply } };
  const money = () => ({ unitsPerMinor: perMinor, now: ctx.clock() });

  app.post(
    '/aggregator/user/info',
    { schema },
    call(aggregatorUserInfoRequest, (body) => userInfo(ctx.db, body)),
  );
  app.post(
    '/aggregator/user/balance',
    { schema },
    call(aggregatorBalanceRequest, (body) => balance(ctx.db, body, ctx.clock())),
  );
  app.post(
    '/aggregator/transaction/bet',
    { schema },
    call(aggregatorBetRequest, (body) => placeBet(ctx.db, body, money())),
  );
  app.post(
    '/aggregator/transaction/win',
    { schema },
    call(aggregatorWinRequest, (body) => settleWin(ctx.db, body, money())),
  );
  app.post(
    '/aggregator/transaction/rollback',
    { schema },
    call(aggregatorRollbackRequest, (body) => rollback(ctx.db, body, { now: ctx.clock() })),
  );
};

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
