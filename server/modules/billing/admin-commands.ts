import { randomUUID } from 'node:crypto';
import { isCurrency } from '@/lib/constants/currencies';
import {
  CommandError,
  defineCommand,
  UsageError,
  type CommandGroup,
  type OptionValues,
} from '../../admin/command';
import {
  audited,
  findUser,
  list,
  money,
  parseMoney,
  printTable,
  table,
  text,
  utc,
} from '../../admin/toolkit';
import { adjustBalance } from '../wallet/service';
import * as payoutRepository from '../payouts/repository';
import { formatReport, reconcile } from './reconcile';
import * as repository from './repository';
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
    async run({ db, out, actor }, input) {
      const operator = actor();
      const invoice = await findInvoice(db, input.invoiceId);
      if (!invoice) throw new CommandError(`No invoice ${input.invoiceId}`);
      const result = await resolveReview(db, {
        invoiceId: invoice.id,
        action,
        note: input.reason,
        now: new Date(),
        actor: operator,
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
    async run({ db, out, actor }, input) {
      const operator = actor();
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
          actor: operator,
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

const METHOD_TYPES = ['card', 'phone', 'crypto'] as const;

function methodKind(values: OptionValues): 'deposit' | 'payout' {
  const kind = text(values, 'kind');
  if (kind !== 'deposit' && kind !== 'payout') throw new UsageError('--kind must be deposit or payout');
  return kind;
}

function optionalMoney(values: OptionValues, name: string): bigint | null {
  const raw = text(values, name);
  return raw === undefined ? null : parseMoney(raw, `--${name}`);
}

/** `--param key=value`, repeatable: what the method's provider needs (Cryptomus: to_currency, network). */
function params(values: OptionValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const raw of list(values, 'param')) {
    const match = /^([a-z_]{1,32})=([A-Za-z0-9_.-]{1,64})$/.exec(raw);
    if (!match) throw new UsageError(`--param must be key=value (letters, digits, _ . -): ${raw}`);
    result[match[1]] = match[2];
  }
  return result;
}

const limits = (min: bigint | null, max: bigint | null) =>
  `${min === null ? '-' : money(min)}..${max === null ? '-' : money(max)}`;

/** Deposit and payout methods: which providers' methods players see, per currency. */
export const methodCommands: CommandGroup = {
  name: 'method',
  summary: 'deposit and payout methods of the payment providers',
  commands: [
    defineCommand({
      name: 'list',
      args: '[--kind deposit|payout]',
      summary: 'List the methods (enabled and not), per currency',
      options: { kind: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        return { kind: text(values, 'kind') === undefined ? undefined : methodKind(values) };
      },
      async run({ db, out }, input) {
        const rows: string[][] = [
          ['kind', 'hash', 'provider', 'type', 'currency', 'limits', 'fee', 'on', 'params'],
        ];
        if (input.kind !== 'payout') {
          for (const m of await repository.allMethods(db))
            rows.push([
              'deposit',
              m.hash,
              m.provider,
              m.type,
              m.currency,
              limits(m.minMinor, m.maxMinor),
              '-',
              m.enabled ? 'yes' : 'no',
              JSON.stringify(m.params),
            ]);
        }
        if (input.kind !== 'deposit') {
          for (const m of await payoutRepository.allPayoutMethods(db))
            rows.push([
              'payout',
              m.hash,
              m.provider,
              m.type,
              m.currency,
              limits(m.minMinor, m.maxMinor),
              money(m.feeMinor),
              m.enabled ? 'yes' : 'no',
              JSON.stringify(m.params),
            ]);
        }
        printTable(out, 'No methods.', rows);
      },
    }),
    defineCommand({
      name: 'add',
      args: '<hash> --kind deposit|payout --provider NAME --type card|phone|crypto --currency CUR --name-en TEXT [--name-ru TEXT] [--name-kz TEXT] [--min X] [--max X] [--default X] [--fee X] [--region KZ|RU] [--param key=value ...]',
      summary:
        'Add a method of a provider (e.g. Cryptomus: --type crypto --param to_currency=USDT --param network=tron)',
      options: {
        kind: { type: 'string' },
        provider: { type: 'string' },
        type: { type: 'string' },
        currency: { type: 'string' },
        'name-en': { type: 'string' },
        'name-ru': { type: 'string' },
        'name-kz': { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        default: { type: 'string' },
        fee: { type: 'string' },
        region: { type: 'string' },
        param: { type: 'string', multiple: true },
      },
      parse(positionals, values) {
        if (positionals.length !== 1 || !/^[a-z0-9-]{3,64}$/.test(positionals[0]))
          throw new UsageError('give one hash: 3 to 64 of a-z, 0-9 and -');
        const kind = methodKind(values);
        const provider = text(values, 'provider');
        if (!provider || !/^[a-z0-9_-]{1,32}$/.test(provider))
          throw new UsageError('--provider NAME is required');
        const type = text(values, 'type');
        if (!METHOD_TYPES.includes(type as (typeof METHOD_TYPES)[number]))
          throw new UsageError(`--type must be one of ${METHOD_TYPES.join(', ')}`);
        const currency = text(values, 'currency')?.toUpperCase();
        if (!currency || !isCurrency(currency))
          throw new UsageError('--currency must be RUB, USD, KZT, INR or EUR');
        const nameEn = text(values, 'name-en')?.trim();
        if (!nameEn) throw new UsageError('--name-en TEXT is required');
        const region = text(values, 'region');
        if (region !== undefined && (kind !== 'deposit' || !['KZ', 'RU'].includes(region)))
          throw new UsageError('--region KZ|RU is for deposit methods');
        if (kind === 'deposit' && text(values, 'fee') !== undefined)
          throw new UsageError('--fee is for payout methods');
        if (kind === 'payout' && text(values, 'default') !== undefined)
          throw new UsageError('--default is for deposit methods');
        const min = optionalMoney(values, 'min');
        const max = optionalMoney(values, 'max');
        if (min !== null && max !== null && min > max) throw new UsageError('--min must not be above --max');
        return {
          hash: positionals[0],
          kind,
          row: {
            hash: positionals[0],
            provider,
            type: type!,
            currency,
            nameEn,
            nameRu: text(values, 'name-ru')?.trim() || null,
            nameKz: text(values, 'name-kz')?.trim() || null,
            minMinor: min,
            maxMinor: max,
            params: params(values),
          },
          defaultMinor: optionalMoney(values, 'default'),
          feeMinor: optionalMoney(values, 'fee') ?? 0n,
          region: (region as 'KZ' | 'RU' | undefined) ?? null,
        };
      },
      async run(context, input) {
        const added = await audited(context, async (tx, record) => {
          const row =
            input.kind === 'deposit'
              ? await repository.insertMethod(tx, {
                  ...input.row,
                  defaultMinor: input.defaultMinor,
                  region: input.region,
                })
              : await payoutRepository.insertPayoutMethod(tx, { ...input.row, feeMinor: input.feeMinor });
          if (!row) return false;
          await record({
            action: 'method.add',
            subjectType: `${input.kind}_method`,
            subjectId: input.hash,
            after: row,
          });
          return true;
        });
        if (!added) throw new CommandError(`A ${input.kind} method ${input.hash} exists already.`);
        context.out(
          `Added ${input.kind} method ${input.hash} (${input.row.provider}, ${input.row.currency}).`,
        );
      },
    }),
    ...(['enable', 'disable'] as const).map((verb) =>
      defineCommand({
        name: verb,
        args: '<hash> --kind deposit|payout',
        summary:
          verb === 'enable'
            ? 'Offer a method to players again'
            : 'Stop offering a method (its past invoices and payouts stay)',
        options: { kind: { type: 'string' } },
        parse(positionals, values) {
          if (positionals.length !== 1) throw new UsageError('give one hash');
          return { hash: positionals[0], kind: methodKind(values) };
        },
        async run(context, input) {
          const enabled = verb === 'enable';
          await audited(context, async (tx, record) => {
            const before =
              input.kind === 'deposit'
                ? await repository.findMethod(tx, input.hash)
                : await payoutRepository.findPayoutMethod(tx, input.hash);
            if (!before) throw new CommandError(`No ${input.kind} method ${input.hash}.`);
            if (input.kind === 'deposit') await repository.setMethodEnabled(tx, input.hash, enabled);
            else await payoutRepository.setPayoutMethodEnabled(tx, input.hash, enabled);
            await record({
              action: `method.${verb}`,
              subjectType: `${input.kind}_method`,
              subjectId: input.hash,
              before: { enabled: before.enabled },
              after: { enabled },
            });
          });
          context.out(`${input.kind} method ${input.hash}: ${enabled ? 'enabled' : 'disabled'}.`);
        },
      }),
    ),
  ],
};

/** The reconciliation with the providers (reconcile.ts), by hand. */
export const reconcileCommands: CommandGroup = {
  name: 'reconcile',
  summary: 'ask the providers about invoices and payouts whose callback never came, and apply what they say',
  commands: [
    defineCommand({
      name: 'run',
      args: '[--since-hours N] [--limit N]',
      summary: 'Run one reconciliation now and print its report (the API process also runs it on a timer)',
      options: { 'since-hours': { type: 'string' }, limit: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const number = (name: string, fallback: number, max: number) => {
          const raw = text(values, name);
          const value = raw === undefined ? fallback : /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
          if (!Number.isInteger(value) || value < 1 || value > max)
            throw new UsageError(`--${name} must be 1 to ${max}`);
          return value;
        };
        return { sinceHours: number('since-hours', 72, 24 * 90), limit: number('limit', 500, 10_000) };
      },
      async run({ db, out, providers, actor }, input) {
        const report = await reconcile(db, {
          providers: providers(),
          now: new Date(),
          actor: actor(),
          ...input,
        });
        for (const line of formatReport(report)) out(line);
      },
    }),
  ],
};
