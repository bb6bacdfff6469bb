import { PAYOUT_STATUSES, type PayoutStatus } from '@/lib/constants/payouts';
import {
  CommandError,
  defineCommand,
  UsageError,
  type CommandGroup,
  type OptionValues,
} from '../../admin/command';
import { findUser, money, printTable, text, utc } from '../../admin/toolkit';
import { operatorActor } from '../audit/service';
import {
  approvePayout,
  findPayout,
  listPayouts,
  maskDestination,
  rejectPayout,
  sendPayout,
  type PayoutRow,
} from './service';

/** Statuses a payout may be rejected in: not yet with the provider. */
const REJECTABLE: PayoutStatus[] = ['review', 'approved'];
const MAX_ID = 2_147_483_647;

function payoutId(positionals: string[]): number {
  const id = positionals.length === 1 && /^[1-9]\d{0,9}$/.test(positionals[0]) ? Number(positionals[0]) : NaN;
  if (!(id <= MAX_ID)) throw new UsageError('expected <payout-id>');
  return id;
}

/** A text option, trimmed (empty counts as absent): UsageError when it is required and absent, or too long. */
function line(values: OptionValues, name: string, required: true): string;
function line(values: OptionValues, name: string, required: false): string | undefined;
function line(values: OptionValues, name: string, required: boolean): string | undefined {
  const value = text(values, name)?.trim();
  if (!value) {
    if (required) throw new UsageError(`--${name} ${name === 'reviewer' ? 'NAME' : 'TEXT'} is required`);
    return undefined;
  }
  if (value.length > 500) throw new UsageError(`--${name} must be at most 500 characters`);
  return value;
}

/** Why a review action found nothing to do: the payout is unknown, or in a state that does not allow it. */
function notDone(id: number, row: PayoutRow | undefined, why: string): CommandError {
  return new CommandError(row ? `Payout ${id} is ${row.status}${why}` : `No payout ${id}`);
}

const amount = (row: PayoutRow, minor: bigint) => `${money(minor)} ${row.currency}`;

export const payoutCommands: CommandGroup = {
  name: 'payout',
  summary: 'withdrawals: the review queue, approve and reject',
  commands: [
    defineCommand({
      name: 'list',
      args: `[--user ID|EMAIL|PHONE] [--status ${PAYOUT_STATUSES.join('|')}] [--limit N]`,
      summary:
        'List payouts, newest first (default 50); --status review is the queue waiting for `payout approve` or `payout reject`',
      options: { user: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const status = text(values, 'status');
        if (status !== undefined && !(PAYOUT_STATUSES as readonly string[]).includes(status)) {
          throw new UsageError(`--status must be one of ${PAYOUT_STATUSES.join(', ')}`);
        }
        const rawLimit = text(values, 'limit');
        const limit = rawLimit === undefined ? 50 : /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new UsageError('--limit must be 1 to 1000');
        return { user: text(values, 'user'), status: status as PayoutStatus | undefined, limit };
      },
      async run({ db, out }, input) {
        const user = input.user === undefined ? undefined : await findUser(db, input.user);
        const rows = await listPayouts(db, { userId: user?.id, status: input.status, limit: input.limit });
        printTable(out, 'No payouts.', [
          ['ID', 'USER', 'AMOUNT', 'FEE', 'CURRENCY', 'STATUS', 'REVIEW', 'DESTINATION', 'CREATED (UTC)'],
          ...rows.map((row) => [
            String(row.id),
            String(row.userId),
            money(row.amountMinor),
            money(row.feeMinor),
            row.currency,
            row.status,
            row.reviewReasons ?? '-',
            maskDestination(row.destination),
            utc(row.createdAt),
          ]),
        ]);
        if (input.status === 'review' && rows.length > 0) {
          out(
            'Decide each: payout approve <ID> --reviewer NAME [--note TEXT] (sends it) or payout reject <ID> --reviewer NAME --reason TEXT (returns the money).',
          );
        }
      },
    }),
    defineCommand({
      name: 'show',
      args: '<payout-id>',
      summary: 'Show one payout, its full destination and its review',
      parse(positionals) {
        return { id: payoutId(positionals) };
      },
      async run({ db, out }, { id }) {
        const row = await findPayout(db, id);
        if (!row) throw new CommandError(`No payout ${id}`);
        const field = (label: string, value: string) => out(`  ${`${label}:`.padEnd(18)}${value}`);
        out(`Payout ${row.id}`);
        field('user', String(row.userId));
        field('status', row.status);
        field('amount', amount(row, row.amountMinor));
        field('fee', amount(row, row.feeMinor));
        field('to send', amount(row, row.amountMinor - row.feeMinor));
        field('method', `${row.methodId} (${row.provider}, ${row.type})`);
        field('destination', row.destination);
        field('review reasons', row.reviewReasons ?? '-');
        field('reviewer', row.reviewer ?? '-');
        field('review note', row.reviewNote ?? '-');
        field('reviewed (UTC)', utc(row.reviewedAt));
        field('provider ref', row.providerRef ?? '-');
        field('failure reason', row.failureReason ?? '-');
        field('idempotency key', row.idempotencyKey);
        field('hold transfer', String(row.holdTransferId));
        field('settle transfer', row.settleTransferId === null ? '-' : String(row.settleTransferId));
        field('created (UTC)', utc(row.createdAt));
        field('updated (UTC)', utc(row.updatedAt));
      },
    }),
    defineCommand({
      name: 'approve',
      args: '<payout-id> --reviewer NAME [--note TEXT]',
      summary:
        "Approve a payout waiting for review under the reviewer's name and send it to its provider (again: sends one left approved)",
      options: { reviewer: { type: 'string' }, note: { type: 'string' } },
      parse(positionals, values) {
        const id = payoutId(positionals);
        return { id, reviewer: line(values, 'reviewer', true), note: line(values, 'note', false) };
      },
      async run({ db, out, providers }, input) {
        const found = await findPayout(db, input.id);
        if (!found) throw new CommandError(`No payout ${input.id}`);
        const available = providers();
        if ((found.status === 'review' || found.status === 'approved') && !available.has(found.provider)) {
          throw new CommandError(
            `Payout ${found.id} goes through ${found.provider}, which this process does not talk to; nothing changed${
              found.provider === 'sandbox'
                ? ' (the sandbox provider exists outside production only: run the command with NODE_ENV=development, as npm start runs its API)'
                : ''
            }`,
          );
        }
        const now = new Date();
        const notSent = (error: unknown) =>
          new CommandError(
            `Payout ${input.id} is approved but was not sent: ${(error as Error).message}; run \`payout approve ${input.id} --reviewer NAME\` again to send it`,
          );
        let result;
        try {
          result = await approvePayout(db, {
            id: input.id,
            reviewer: input.reviewer,
            note: input.note,
            providers: available,
            now,
          });
        } catch (error) {
          // The approval commits before the provider is called: say so when that call is what failed.
          if ((await findPayout(db, input.id))?.status === 'approved') throw notSent(error);
          throw error;
        }
        if (!result.done) {
          if (result.payout?.status !== 'approved')
            throw notDone(input.id, result.payout, ', not waiting for review');
          // Approved earlier, but its provider could not be reached then: send it now.
          let sent;
          try {
            sent = await sendPayout(db, input.id, available, now, operatorActor(input.reviewer));
          } catch (error) {
            throw notSent(error);
          }
          out(
            `Payout ${sent.id} was approved by ${sent.reviewer ?? '-'} at ${utc(sent.reviewedAt)}; now ${sent.status}, provider ref ${sent.providerRef ?? '-'}`,
          );
          return;
        }
        const row = result.payout;
        out(
          `Approved payout ${row.id} (${amount(row, row.amountMinor)}, user ${row.userId}) by ${input.reviewer}; status ${row.status}, provider ref ${row.providerRef ?? '-'}`,
        );
      },
    }),
    defineCommand({
      name: 'reject',
      args: '<payout-id> --reviewer NAME --reason TEXT',
      summary:
        "Reject a payout not yet with the provider (review or approved) under the reviewer's name: the money returns to the player's cash",
      options: { reviewer: { type: 'string' }, reason: { type: 'string' } },
      parse(positionals, values) {
        const id = payoutId(positionals);
        return { id, reviewer: line(values, 'reviewer', true), reason: line(values, 'reason', true) };
      },
      async run({ db, out }, input) {
        const result = await rejectPayout(db, {
          id: input.id,
          reviewer: input.reviewer,
          note: input.reason,
          now: new Date(),
        });
        if (!result.done) {
          throw notDone(
            input.id,
            result.payout,
            `: only a payout not yet with the provider (${REJECTABLE.join(', ')}) can be rejected`,
          );
        }
        const row = result.payout;
        out(
          `Rejected payout ${row.id} by ${input.reviewer}; status ${row.status}, ${amount(row, row.amountMinor)} returned to user ${row.userId}'s cash`,
        );
      },
    }),
  ],
};
