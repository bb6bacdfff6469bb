import { randomUUID } from 'node:crypto';
import { isCurrency } from '@/lib/constants/currencies';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { findUser, money, parseMoney, table, text, utc } from '../../admin/toolkit';
import { adjustBalance } from '../wallet/service';
import { findInvoice, listInvoices, openReviewsOf, resolveReview } from './service';

const STATUS_NAMES: Record<string, number> = { created: 1, processing: 2, paid: 3, expired: 4, failed: 5 };
/** `--status review`: invoices with a payment the provider confirmed that waits for the operator. */
const REVIEW = 'review';
const statusName = (status: number) =>
  Object.entries(STATUS_NAMES).find(([, value]) => value === status)?.[0] ?? String(status);

export const invoiceCommands: CommandGroup = {
  name: 'invoice',
  summary: 'deposit invoices',
  commands: [
    defineCommand({
      name: 'list',
      args: '[--user ID|EMAIL|PHONE] [--status created|paid|expired|failed|review] [--limit N]',
      summary:
        'List invoices, newest first (default 50); review: payments the provider confirmed that wait for `invoice credit` or `invoice refuse`',
      options: { user: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const status = text(values, 'status');
        if (status !== undefined && status !== REVIEW && !(status in STATUS_NAMES)) {
          throw new UsageError(
            `--status must be one of ${[...Object.keys(STATUS_NAMES), REVIEW].join(', ')}`,
          );
        }
        const rawLimit = text(values, 'limit');
        const limit = rawLimit === undefined ? 50 : /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new UsageError('--limit must be 1 to 1000');
        return {
          user: text(values, 'user'),
          status: status === undefined || status === REVIEW ? undefined : STATUS_NAMES[status],
          review: status === REVIEW,
          limit,
        };
      },
      async run({ db, out }, input) {
        const user = input.user === undefined ? undefined : await findUser(db, input.user);
        const rows = await listInvoices(db, {
          userId: user?.id,
          status: input.status,
          review: input.review,
          limit: input.limit,
        });
        if (rows.length === 0) {
          out('No invoices.');
          return;
        }
        if (input.review) {
          const lines: string[][] = [];
          for (const row of rows) {
            for (const review of await openReviewsOf(db, row.id)) {
              lines.push([
                String(row.id),
                String(row.userId),
                money(row.amountMinor),
                money(review.amountMinor),
                row.currency,
                statusName(row.status),
                review.reason,
                `${row.provider}:${review.eventId}`,
                utc(review.createdAt),
              ]);
            }
          }
          for (const line of table([
            ['ID', 'USER', 'AMOUNT', 'TAKEN', 'CURRENCY', 'STATUS', 'REVIEW', 'EVENT', 'CONFIRMED (UTC)'],
            ...lines,
          ]))
            out(line);
          out(
            'Resolve each: invoice credit <ID> --reason TEXT (credits TAKEN) or invoice refuse <ID> --reason TEXT.',
          );
          return;
        }
        for (const line of table([
          ['ID', 'USER', 'AMOUNT', 'CURRENCY', 'STATUS', 'PROVIDER', 'CREATED (UTC)'],
          ...rows.map((row) => [
            String(row.id),
            String(row.userId),
            money(row.amountMinor),
            row.currency,
            statusName(row.status),
            row.provider,
            utc(row.createdAt),
          ]),
        ]))
          out(line);
      },
    }),
    reviewCommand('credit'),
    reviewCommand('refuse'),
  ],
};

function reviewCommand(action: 'credit' | 'refuse') {
  return defineCommand({
    name: action,
    args: '<invoice-id> --reason TEXT',
    summary:
      action === 'credit'
        ? "Credit an invoice's payment under review (what the provider took) through the ledger and mark it paid"
        : "Refuse an invoice's payment under review (the provider returns it); moves no money",
    options: { reason: { type: 'string' } },
    parse(positionals, values) {
      if (positionals.length !== 1 || !/^[1-9]\d{0,9}$/.test(positionals[0])) {
        throw new UsageError('expected <invoice-id>');
      }
      const reason = text(values, 'reason')?.trim();
      if (!reason) throw new UsageError('--reason TEXT is required');
      return { invoiceId: Number(positionals[0]), reason };
    },
    async run({ db, out }, input) {
      const invoice = await findInvoice(db, input.invoiceId);
      if (!invoice) throw new CommandError(`No invoice ${input.invoiceId}`);
      const result = await resolveReview(db, {
        invoiceId: invoice.id,
        action,
        note: input.reason,
        now: new Date(),
      });
      const amount = (minor: bigint) => `${money(minor)} ${invoice.currency}`;
      if (!result.done) {
        if (result.reason === 'already_paid') {
          throw new CommandError(
            `Invoice ${invoice.id} is already paid: refuse this review, or use balance credit if the provider took the money twice`,
          );
        }
        if (result.reason === 'nothing_open' && result.review) {
          out(
            `Already resolved: invoice ${invoice.id}, review ${result.review.id} ${result.review.status} (${amount(result.review.amountMinor)})`,
          );
          return;
        }
        throw new CommandError(`Invoice ${invoice.id} has no payment under review`);
      }
      out(
        action === 'credit'
          ? `Credited ${amount(result.review.amountMinor)} for invoice ${invoice.id} (user ${invoice.userId}, transfer ${result.transferId}, review ${result.review.id})`
          : `Refused ${amount(result.review.amountMinor)} for invoice ${invoice.id} (user ${invoice.userId}, review ${result.review.id}); return it through ${invoice.provider}`,
      );
    },
  });
}

function adjustCommand(direction: 'credit' | 'debit') {
  return defineCommand({
    name: direction,
    args: '<user> <amount> --reason TEXT [--key KEY]',
    summary: `${direction === 'credit' ? 'Credit' : 'Debit'} a user's cash balance (in their currency) through the ledger; idempotent with --key`,
    options: { reason: { type: 'string' }, key: { type: 'string' } },
    parse(positionals, values) {
      if (positionals.length !== 2) throw new UsageError('expected <user> <amount>');
      const [user, rawAmount] = positionals;
      const amountMinor = parseMoney(rawAmount);
      if (amountMinor <= 0n) throw new UsageError('the amount must be positive');
      const reason = text(values, 'reason')?.trim();
      if (!reason) throw new UsageError('--reason TEXT is required');
      const key = text(values, 'key');
      if (key !== undefined && !/^[\w.:-]{1,100}$/.test(key)) {
        throw new UsageError('--key must be 1 to 100 letters, digits, _ . : -');
      }
      return { user, amountMinor, reason, key };
    },
    async run({ db, out }, input) {
      const user = await findUser(db, input.user);
      if (!isCurrency(user.currency)) throw new CommandError(`user ${user.id} has an unknown currency`);
      const key = input.key ?? randomUUID();
      let result;
      try {
        result = await adjustBalance(db, {
          userId: user.id,
          currency: user.currency,
          direction,
          amountMinor: input.amountMinor,
          reason: input.reason,
          key: `admin:${key}`,
          source: 'admin',
        });
      } catch (error) {
        if (
          error instanceof Error &&
          (error.name === 'InsufficientFundsError' || error.name === 'IdempotencyConflictError')
        ) {
          throw new CommandError(error.message);
        }
        throw error;
      }
      out(
        `${result.replayed ? 'Already applied' : direction === 'credit' ? 'Credited' : 'Debited'} ` +
          `${money(input.amountMinor)} ${user.currency} ` +
          `(user ${user.id}, transfer ${result.transferId}, key ${key}); balance ${money(result.balanceMinor)}`,
      );
    },
  });
}

export const balanceCommands: CommandGroup = {
  name: 'balance',
  summary: 'balance adjustments through the ledger',
  commands: [adjustCommand('credit'), adjustCommand('debit')],
};
