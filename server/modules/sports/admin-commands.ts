/**
 * `npm run admin -- sports ...`: the operator's side of the sportsbook: the events and their markets, a
 * market suspended or closed by hand (overriding the feed until lifted), the limits per currency, an event
 * settled or settled again by hand, and the book's liability per outcome. Every change is audited.
 */
import { CURRENCIES, isCurrency, type Currency } from '@/lib/constants/currencies';
import { EVENT_STATUSES, isSport } from '@/lib/constants/sports';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, money, parseMoney, printTable, rowState, text, utc } from '../../admin/toolkit';
import * as repository from './repository';
import { defaultLimitsMinor, liability, limitsOf } from './service';
import { settleEventByHand } from './settlement';
import { effectiveStatus } from './views';

function one(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`one ${what} is required`);
  return positionals[0]!;
}

/** `2:1` or `2:1 --periods 1:0,1:1` → a final score. */
function parseScore(raw: string | undefined, periodsRaw: string | undefined) {
  const pair = (value: string): [number, number] => {
    const match = /^(\d+):(\d+)$/.exec(value.trim());
    if (!match) throw new UsageError(`"${value}" is not a score like 2:1`);
    return [Number(match[1]), Number(match[2])];
  };
  if (!raw) throw new UsageError('--score is required (e.g. --score 2:1), or --cancel');
  const [home, away] = pair(raw);
  const periods = periodsRaw ? periodsRaw.split(',').map(pair) : [];
  return { home, away, periods };
}

function marketStatusCommand(name: 'suspend' | 'close') {
  return defineCommand({
    name,
    args: '<market id> [--off]',
    summary:
      name === 'suspend'
        ? 'Suspend a market whatever the feed says (--off: lift it)'
        : 'Close a market to bets whatever the feed says (--off: lift it)',
    options: { off: { type: 'boolean' } },
    parse: (positionals, values) => ({ id: one(positionals, 'market id'), off: values.off === true }),
    async run(context, { id, off }) {
      const row = await audited(context, async (tx, record) => {
        const [before] = await repository.findMarkets(tx, [id]);
        if (!before) throw new CommandError(`No market ${id}.`);
        const after = await repository.setOperatorStatus(
          tx,
          id,
          off ? null : name === 'suspend' ? 'suspended' : 'closed',
        );
        await record({
          action: `sports.${name}${off ? '.off' : ''}`,
          subjectType: 'sport_market',
          subjectId: id,
          before: rowState(before),
          after: rowState(after),
        });
        return after!;
      });
      context.out(
        `${row.id}: ${effectiveStatus(row)} (operator: ${row.operatorStatus ?? 'none'}, feed: ${row.status}).`,
      );
    },
  });
}

export const sportsCommands: CommandGroup = {
  name: 'sports',
  summary: 'the sportsbook: events, markets, limits, settlement by hand, liability',
  commands: [
    defineCommand({
      name: 'events',
      args: '[--status prematch|live|finished|cancelled] [--sport football|…]',
      summary: 'List the events (default: not over), soonest first',
      options: { status: { type: 'string' }, sport: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const status = text(values, 'status');
        const sport = text(values, 'sport');
        if (status && !(EVENT_STATUSES as readonly string[]).includes(status))
          throw new UsageError(`--status must be one of ${EVENT_STATUSES.join(', ')}`);
        if (sport && !isSport(sport)) throw new UsageError(`"${sport}" is not a sport`);
        return { status, sport };
      },
      async run({ db, out }, { status, sport }) {
        const rows = await repository.listEvents(db, {
          statuses: status ? [status] : ['prematch', 'live'],
          sport,
          limit: 500,
        });
        printTable(out, 'No events.', [
          ['ID', 'SPORT', 'LEAGUE', 'MATCH', 'STARTS (UTC)', 'STATUS', 'SCORE'],
          ...rows.map((row) => [
            row.id,
            row.sport,
            row.leagueName,
            `${row.home} – ${row.away}`,
            utc(row.startsAt),
            row.status,
            row.score ? `${row.score.home}:${row.score.away}` : '-',
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'markets',
      args: '<event id>',
      summary: 'List an event’s markets with their state and odds',
      parse: (positionals) => ({ id: one(positionals, 'event id') }),
      async run({ db, out }, { id }) {
        const rows = await repository.marketsOfEvents(db, [id]);
        printTable(out, `No markets of ${id}.`, [
          ['MARKET', 'STATUS', 'FEED', 'OPERATOR', 'OUTCOMES'],
          ...rows.map((row) => [
            row.id,
            effectiveStatus(row),
            row.status,
            row.operatorStatus ?? '-',
            row.outcomes
              .map((o) => `${o.code} ${o.oddsMilli / 1000}${o.result ? ` (${o.result})` : ''}`)
              .join('  '),
          ]),
        ]);
      },
    }),
    marketStatusCommand('suspend'),
    marketStatusCommand('close'),
    defineCommand({
      name: 'limits',
      args: '[<currency> [--min X] [--max X] [--max-payout X] [--event-stake X] [--event-payout X] [--reset]]',
      summary: 'Show the limits per currency, or set one currency’s (--reset: back to the defaults)',
      options: {
        min: { type: 'string' },
        max: { type: 'string' },
        'max-payout': { type: 'string' },
        'event-stake': { type: 'string' },
        'event-payout': { type: 'string' },
        reset: { type: 'boolean' },
      },
      parse(positionals, values) {
        if (positionals.length > 1)
          throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
        const currency = positionals[0];
        if (currency !== undefined && !isCurrency(currency))
          throw new UsageError(`"${currency}" is not a currency`);
        const amount = (name: string) => {
          const raw = text(values, name);
          return raw === undefined ? undefined : parseMoney(raw, `--${name}`);
        };
        const set = {
          minStakeMinor: amount('min'),
          maxStakeMinor: amount('max'),
          maxPayoutMinor: amount('max-payout'),
          maxEventStakeMinor: amount('event-stake'),
          maxEventPayoutMinor: amount('event-payout'),
        };
        const changes = Object.values(set).some((v) => v !== undefined) || values.reset === true;
        if (changes && !currency) throw new UsageError('name the currency whose limits to set');
        return { currency: currency as Currency | undefined, set, reset: values.reset === true, changes };
      },
      async run(context, { currency, set, reset, changes }) {
        if (changes && currency) {
          await audited(context, async (tx, record, now) => {
            const before = await repository.findLimits(tx, currency);
            const base = reset ? defaultLimitsMinor(currency) : (before ?? defaultLimitsMinor(currency));
            const after = {
              currency,
              minStakeMinor: set.minStakeMinor ?? base.minStakeMinor,
              maxStakeMinor: set.maxStakeMinor ?? base.maxStakeMinor,
              maxPayoutMinor: set.maxPayoutMinor ?? base.maxPayoutMinor,
              maxEventStakeMinor: set.maxEventStakeMinor ?? base.maxEventStakeMinor,
              maxEventPayoutMinor: set.maxEventPayoutMinor ?? base.maxEventPayoutMinor,
              updatedAt: now,
            };
            if (after.minStakeMinor <= 0n || after.minStakeMinor > after.maxStakeMinor)
              throw new CommandError('The minimum stake must be positive and not above the maximum.');
            if (after.maxEventStakeMinor < after.maxStakeMinor || after.maxPayoutMinor < after.maxStakeMinor)
              throw new CommandError(
                'The event stake and the payout limits must be at least the maximum stake.',
              );
            await repository.upsertLimits(tx, after);
            await record({
              action: 'sports.limits',
              subjectType: 'sport_limits',
              subjectId: currency,
              before: rowState(before),
              after: rowState(after),
            });
          });
        }
        const rows = [];
        for (const code of currency ? [currency] : CURRENCIES) {
          const limits = await limitsOf(context.db, code);
          const own = await repository.findLimits(context.db, code);
          rows.push([
            code,
            money(limits.minStakeMinor),
            money(limits.maxStakeMinor),
            money(limits.maxPayoutMinor),
            money(limits.maxEventStakeMinor),
            money(limits.maxEventPayoutMinor),
            own ? 'operator' : 'default',
          ]);
        }
        printTable(context.out, '', [
          ['CURRENCY', 'MIN STAKE', 'MAX STAKE', 'MAX PAYOUT', 'EVENT STAKE', 'EVENT PAYOUT', 'SET BY'],
          ...rows,
        ]);
      },
    }),
    defineCommand({
      name: 'settle',
      args: '<event id> (--score H:A [--periods h:a,h:a,…] | --cancel)',
      summary: 'Settle or settle again an event by hand from its final score (or void it all)',
      options: { score: { type: 'string' }, periods: { type: 'string' }, cancel: { type: 'boolean' } },
      parse(positionals, values) {
        const id = one(positionals, 'event id');
        if (values.cancel === true) return { id, outcome: 'cancel' as const };
        return { id, outcome: { score: parseScore(text(values, 'score'), text(values, 'periods')) } };
      },
      async run(context, { id, outcome }) {
        const [before] = await repository.findEvents(context.db, [id]);
        if (!before) throw new CommandError(`No event ${id}.`);
        const result = await settleEventByHand(context.db, id, outcome, new Date());
        await audited(context, async (_tx, record) => {
          await record({
            action: 'sports.settle',
            subjectType: 'sport_event',
            subjectId: id,
            before: rowState(before),
            after: { outcome, markets: result?.markets ?? 0, bets: result?.bets.length ?? 0 },
          });
        });
        const moved = result?.bets.reduce((sum, one) => sum + one.movedMinor, 0n) ?? 0n;
        context.out(
          `${id}: ${result?.markets ?? 0} markets settled, ${result?.bets.length ?? 0} bets settled, ${money(moved)} moved to players (net).`,
        );
      },
    }),
    defineCommand({
      name: 'liability',
      args: '<event id>',
      summary: 'What the book pays per outcome of an event (open bets), beside their stakes',
      parse: (positionals) => ({ id: one(positionals, 'event id') }),
      async run({ db, out }, { id }) {
        const found = await liability(db, id);
        if (!found) throw new CommandError(`No event ${id}.`);
        printTable(out, 'No markets.', [
          ['MARKET', 'OUTCOME', 'ODDS', 'STATUS', 'BETS', 'STAKES', 'PAYS IF WON'],
          ...found.rows.map((row) => [
            row.marketId,
            row.code,
            String(row.odds),
            row.status,
            String(row.bets),
            money(row.stakeMinor),
            money(row.paysMinor),
          ]),
        ]);
        const totals = [...found.currencies].map(([currency, minor]) => `${money(minor)} ${currency}`);
        out(`Open stakes on the event: ${totals.join(', ') || 'none'} (amounts in each bet's currency).`);
      },
    }),
  ],
};
