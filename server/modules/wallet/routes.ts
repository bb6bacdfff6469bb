import { z } from 'zod';
import { historyQuery, historyReply } from '@/lib/contracts/billing';
import { moneyAmount } from '@/lib/contracts/money';
import { isCurrency } from '@/lib/constants/currencies';
import { toMinorUnits } from '@/lib/money';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { minorToMajor } from '../ledger/service';
import { adjustBalance, history } from './service';

/** `GET /profile/history`: the user's ledger movements, newest first. */
export const walletRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  app.get(
    '/profile/history',
    { schema: { querystring: historyQuery, response: { 200: historyReply } }, config: { auth: 'required' } },
    async (request) => {
      const { page, per_page } = request.query;
      const result = await history(ctx.db, requireSession(request).userId, page, per_page);
      return { ...result, page, per_page };
    },
  );
};

const debitBody = z.strictObject({
  amount: moneyAmount,
  idempotency_key: z.string().min(8).max(64),
  reason: z.string().min(1).max(200).optional(),
});

/**
 * `POST /sandbox/wallet/debit` (outside production only): debits the caller's cash balance, standing in
 * for a game's bet until games exist; used by the crash test (FAULT_EXIT_AFTER_COMMIT=balance-debit
 * exits the process after the commit and before the reply).
 */
export const sandboxWalletRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  app.post(
    '/sandbox/wallet/debit',
    { config: { geoGuard: true, auth: 'required' }, schema: { body: debitBody } },
    async (request) => {
      const user = await request.currentUser();
      if (!isCurrency(user.currency)) throw new UnauthorizedError();
      const result = await adjustBalance(ctx.db, {
        userId: user.id,
        currency: user.currency,
        direction: 'debit',
        amountMinor: BigInt(toMinorUnits(request.body.amount)),
        reason: request.body.reason ?? 'Sandbox debit',
        key: `sandbox:${user.id}:${request.body.idempotency_key}`,
        source: 'sandbox',
      });
      if (ctx.config.faultExitAfterCommit === 'balance-debit' && ctx.config.nodeEnv !== 'production') {
        process.kill(process.pid, 'SIGKILL'); // crash test: committed, never answered
      }
      return {
        transfer_id: result.transferId,
        replayed: result.replayed,
        balance: minorToMajor(result.balanceMinor),
      };
    },
  );
};
