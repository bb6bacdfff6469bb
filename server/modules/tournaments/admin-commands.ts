/**
 * `npm run admin -- tournament create|list|show|end|cancel` (issue 19): the operator's tournaments. A
 * prize table is `--prize <places>:<amount|pct%>[:bonus[xWAGER]]`, repeated: `--prize 1:5000 --prize 2-3:20%
 * --prize 4-10:100:bonusx3`. Every change is audited.
 */
import { CURRENCIES, isCurrency } from '@/lib/constants/currencies';
import { TOURNAMENT_KINDS, type TournamentKind } from '@/lib/constants/tournaments';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, list, money, printTable, rowState, text, utc } from '../../admin/toolkit';
import {
  cancel,
  create,
  endNow,
  findTournament,
  leaderboard,
  list as listTournaments,
  stateOf,
  type NewTournament,
} from './service';

function one(positionals: string[]): number {
  if (positionals.length !== 1 || !/^[1-9]\d{0,9}$/.test(positionals[0]!))
    throw new UsageError('one tournament id is required');
  return Number(positionals[0]);
}

/** `1:5000`, `2-3:20%`, `4-10:100:bonusx3` → a prize row. */
export function parsePrize(raw: string): NewTournament['prizes'][number] {
  const match = /^(\d+)(?:-(\d+))?:(\d+(?:\.\d{1,2})?)(%?)(?::(cash|bonus)(?:x(\d+(?:\.\d+)?))?)?$/.exec(
    raw.trim(),
  );
  if (!match) throw new UsageError(`--prize "${raw}" is not like 1:5000, 2-3:20% or 4-10:100:bonusx3`);
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : from;
  const value = Number(match[3]);
  const toBalance = (match[5] as 'cash' | 'bonus' | undefined) ?? 'cash';
  return {
    from,
    to,
    ...(match[4] ? { poolPercent: value } : { amount: value }),
    toBalance,
    ...(toBalance === 'bonus' ? { wager: match[6] ? Number(match[6]) : 0 } : {}),
  };
}

function parseDate(raw: string | undefined, name: string, fallback?: Date): Date {
  if (!raw) {
    if (fallback) return fallback;
    throw new UsageError(`--${name} is required (ISO time, e.g. 2026-12-01T18:00Z, or +2h / +30m from now)`);
  }
  const relative = /^\+(\d+)([mhd])$/.exec(raw);
  if (relative) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[relative[2] as 'm' | 'h' | 'd'];
    return new Date(Date.now() + Number(relative[1]) * unit);
  }
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--${name} "${raw}" is not a time`);
  return at;
}

export const tournamentCommands: CommandGroup = {
  name: 'tournament',
  summary: 'tournaments: create, list, show, end now, cancel',
  commands: [
    defineCommand({
      name: 'create',
      args:
        '--kind wager|multiplier --title TEXT [--title-en TEXT --title-kz TEXT] [--rules TEXT …] --games KEY,… ' +
        '--prize P… [--currency RUB] [--rate USD=90 …] [--starts ISO|+1h] --ends ISO|+1d [--min-stake X] [--pool X] [--join]',
      summary: 'Create a tournament (titles and rules in ru, en, kz; a missing language takes the Russian)',
      options: {
        kind: { type: 'string' },
        title: { type: 'string' },
        'title-en': { type: 'string' },
        'title-kz': { type: 'string' },
        rules: { type: 'string' },
        'rules-en': { type: 'string' },
        'rules-kz': { type: 'string' },
        games: { type: 'string' },
        prize: { type: 'string', multiple: true },
        currency: { type: 'string' },
        rate: { type: 'string', multiple: true },
        starts: { type: 'string' },
        ends: { type: 'string' },
        'min-stake': { type: 'string' },
        pool: { type: 'string' },
        join: { type: 'boolean' },
      },
      parse(positionals, values): NewTournament {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const kind = text(values, 'kind');
        if (!kind || !(TOURNAMENT_KINDS as readonly string[]).includes(kind))
          throw new UsageError('--kind must be wager or multiplier');
        const title = text(values, 'title');
        if (!title) throw new UsageError('--title is required');
        const rules = text(values, 'rules') ?? '';
        const currency = text(values, 'currency') ?? 'RUB';
        if (!isCurrency(currency)) throw new UsageError(`--currency must be one of ${CURRENCIES.join(', ')}`);
        const games = (text(values, 'games') ?? '')
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean);
        if (games.length === 0)
          throw new UsageError('--games is required (originals, slots, live, sports or game keys)');
        const rates: Record<string, string> = {};
        for (const raw of list(values, 'rate')) {
          const match = /^([A-Z]{3})=(\d+(?:\.\d{1,6})?)$/.exec(raw);
          if (!match || !isCurrency(match[1])) throw new UsageError(`--rate "${raw}" is not like USD=90`);
          rates[match[1]] = match[2]!;
        }
        const prizes = list(values, 'prize').map(parsePrize);
        if (prizes.length === 0) throw new UsageError('at least one --prize is required');
        const minStake = text(values, 'min-stake');
        const pool = text(values, 'pool');
        return {
          kind: kind as TournamentKind,
          title: { ru: title, en: text(values, 'title-en') ?? title, kz: text(values, 'title-kz') ?? title },
          rules: { ru: rules, en: text(values, 'rules-en') ?? rules, kz: text(values, 'rules-kz') ?? rules },
          currency,
          rates,
          games,
          minStake: minStake ? Number(minStake) : null,
          pool: pool ? Number(pool) : 0,
          requiresJoin: values.join === true,
          prizes,
          startsAt: parseDate(text(values, 'starts'), 'starts', new Date()),
          endsAt: parseDate(text(values, 'ends'), 'ends'),
        };
      },
      async run(context, input) {
        const row = await audited(context, async (tx, record) => {
          let created;
          try {
            created = await create(tx, input);
          } catch (error) {
            if (error instanceof RangeError) throw new CommandError(error.message);
            throw error;
          }
          await record({
            action: 'tournament.create',
            subjectType: 'tournament',
            subjectId: String(created.id),
            before: null,
            after: rowState(created),
          });
          return created;
        });
        context.out(
          `Tournament ${row.id} created: ${row.title.en}, ${utc(row.startsAt)} – ${utc(row.endsAt)} UTC.`,
        );
      },
    }),
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List the tournaments',
      parse: () => ({}),
      async run({ db, out }) {
        const rows = await listTournaments(db, undefined, new Date());
        printTable(out, 'No tournaments.', [
          ['ID', 'STATE', 'KIND', 'TITLE', 'STARTS (UTC)', 'ENDS (UTC)', 'PRIZES', 'PLAYERS'],
          ...rows.map((row) => [
            String(row.id),
            row.state,
            row.kind,
            row.title.en,
            utc(new Date(row.starts_at)),
            utc(new Date(row.ends_at)),
            `${row.prize_total.toFixed(2)} ${row.currency}`,
            String(row.participants),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'show',
      args: '<id>',
      summary: 'Show a tournament and its leaderboard',
      parse: (positionals) => ({ id: one(positionals) }),
      async run({ db, out }, { id }) {
        const row = await findTournament(db, id);
        if (!row) throw new CommandError(`No tournament ${id}.`);
        out(`#${row.id} ${row.title.en} (${row.kind}, ${stateOf(row, new Date())}), ${row.currency}`);
        out(
          `${utc(row.startsAt)} – ${utc(row.endsAt)} UTC; games: ${row.games.join(', ')}; join: ${row.requiresJoin ? 'required' : 'no'}`,
        );
        out(
          `pool ${money(row.poolMinor)}; prizes: ${row.prizes.map((p) => `${p.from}-${p.to}:${p.amountMinor ? money(BigInt(p.amountMinor)) : `${(p.poolBp ?? 0) / 100}%`} ${p.toBalance}`).join(', ')}`,
        );
        const board = await leaderboard(db, row, 50);
        printTable(out, 'No points yet.', [
          ['PLACE', 'USER', 'PLAYER', 'POINTS', 'PRIZE'],
          ...board.map((entry) => [
            String(entry.place),
            String(entry.user_id),
            entry.player ?? '(hidden)',
            String(entry.points),
            entry.prize.toFixed(2),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'end',
      args: '<id>',
      summary: 'End an open tournament now (its prizes are paid within seconds by the running API)',
      parse: (positionals) => ({ id: one(positionals) }),
      async run(context, { id }) {
        await audited(context, async (tx, record) => {
          const before = await findTournament(tx, id);
          if (!before) throw new CommandError(`No tournament ${id}.`);
          if (!(await endNow(tx, id, new Date())))
            throw new CommandError(`Tournament ${id} is ${before.state}.`);
          await record({
            action: 'tournament.end',
            subjectType: 'tournament',
            subjectId: String(id),
            before: rowState(before),
            after: rowState(await findTournament(tx, id)),
          });
        });
        context.out(`Tournament ${id} ends now; the API pays its prizes.`);
      },
    }),
    defineCommand({
      name: 'cancel',
      args: '<id>',
      summary: 'Cancel an open tournament: it stops counting and pays nothing',
      parse: (positionals) => ({ id: one(positionals) }),
      async run(context, { id }) {
        await audited(context, async (tx, record) => {
          const before = await findTournament(tx, id);
          if (!before) throw new CommandError(`No tournament ${id}.`);
          if (!(await cancel(tx, id, new Date())))
            throw new CommandError(`Tournament ${id} is ${before.state}.`);
          await record({
            action: 'tournament.cancel',
            subjectType: 'tournament',
            subjectId: String(id),
            before: rowState(before),
            after: rowState(await findTournament(tx, id)),
          });
        });
        context.out(`Tournament ${id} cancelled.`);
      },
    }),
  ],
};
