import { and, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCIES, isCurrency } from '@/lib/constants/currencies';
import { CASE_ROLLS } from '@/lib/fair';
import { toMinorUnits } from '@/lib/money';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, printTable, table } from '../../admin/toolkit';
import { buildCaseTable, caseProblems, rtpOf } from './cases';
import { findCase, listCases } from './repository';
import { gameCaseItems, gameCases } from './schema';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A stored price (JSON, so possibly malformed in a broken case that `case show` must still print). */
const price = (minor: number) => (minor / 100).toFixed(2);
const percent = (rtp: number) => `${(rtp * 100).toFixed(4)} %`;

function slugArg(positionals: string[], extra = 0): string {
  if (positionals.length < 1 + extra) throw new UsageError('expected <slug>');
  const slug = positionals[0];
  if (!SLUG.test(slug)) throw new UsageError(`"${slug}" is not a case slug`);
  return slug;
}

/**
 * `npm run admin -- case …`: the cases of the provably fair games. Edits change future openings only;
 * every opening keeps the range table it was played with.
 */
export const caseCommands: CommandGroup = {
  name: 'case',
  summary: 'cases of the provably fair games (items, chances, prices, RTP)',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List every case with its RTP and RUB price',
      parse(positionals) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        return {};
      },
      async run({ db, out }) {
        const cases = await listCases(db, { all: true });
        printTable(out, 'No cases.', [
          ['SLUG', 'NAME', 'ITEMS', 'RTP', 'PRICE RUB', 'ENABLED'],
          ...cases.map(({ row, items }) => [
            row.slug,
            row.nameEn,
            String(items.length),
            percent(rtpOf(items)),
            price(row.prices.RUB),
            row.enabled ? 'yes' : 'no',
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'show',
      args: '<slug>',
      summary: "Show a case's prices, its range table (rolls out of 100 000) and its RTP",
      parse(positionals) {
        if (positionals.length !== 1) throw new UsageError('expected <slug>');
        return { slug: slugArg(positionals) };
      },
      async run({ db, out }, { slug }) {
        const found = await findCase(db, slug, { all: true });
        if (!found) throw new CommandError(`No case ${slug}`);
        const { row, items } = found;
        out(`${row.slug}: ${row.nameEn} / ${row.nameRu} / ${row.nameKz}${row.enabled ? '' : ' (disabled)'}`);
        out(`Prices: ${CURRENCIES.map((c) => `${price(row.prices[c])} ${c}`).join(', ')}`);
        const ranges = new Map<number, [number, number]>();
        try {
          for (const entry of buildCaseTable(items)) ranges.set(entry.id, [entry.from, entry.to]);
        } catch {
          // shown below as a problem
        }
        for (const line of table([
          ['ID', 'POS', 'ITEM', 'RARITY', 'ROLLS', 'CHANCE', 'RANGE', 'MULTIPLIER'],
          ...items.map((item) => {
            const range = ranges.get(item.id);
            return [
              String(item.id),
              String(item.position),
              item.nameEn,
              item.rarity,
              String(item.rolls),
              `${(item.rolls / 1000).toFixed(3)} %`,
              range ? `${range[0]}–${range[1]}` : '-',
              `${(item.multiplierScaled / 10_000).toFixed(4)}×`,
            ];
          }),
        ]))
          out(line);
        const rolls = items.reduce((sum, item) => sum + item.rolls, 0);
        out(`Rolls: ${rolls} of ${CASE_ROLLS}`);
        out(`RTP: ${percent(rtpOf(items))}`);
        for (const problem of caseProblems(row.prices, items)) out(`Problem: ${problem}`);
      },
    }),
    defineCommand({
      name: 'set-items',
      args: '<slug> <item-id>=<rolls>:<multiplier> ...',
      summary:
        'Change the chance (rolls out of 100 000) and multiplier of items; the rolls must still sum to 100 000',
      parse(positionals) {
        const slug = slugArg(positionals, 1);
        const changes = positionals.slice(1).map((raw) => {
          const match = /^(\d{1,9})=(\d{1,6}):(\d{1,7}(?:\.\d{1,4})?)$/.exec(raw);
          if (!match) throw new UsageError(`"${raw}" is not <item-id>=<rolls>:<multiplier>`);
          return {
            id: Number(match[1]),
            rolls: Number(match[2]),
            multiplierScaled: Math.round(Number(match[3]) * 10_000),
          };
        });
        if (changes.length === 0)
          throw new UsageError('expected at least one <item-id>=<rolls>:<multiplier>');
        return { slug, changes };
      },
      async run(context, { slug, changes }) {
        const { out } = context;
        await audited(context, async (tx, record) => {
          const found = await findCase(tx, slug, { all: true });
          if (!found) throw new CommandError(`No case ${slug}`);
          const ids = new Set(found.items.map((item) => item.id));
          for (const change of changes) {
            if (!ids.has(change.id)) throw new CommandError(`Case ${slug} has no item ${change.id}`);
          }
          const items = found.items.map((item) => {
            const change = changes.find((c) => c.id === item.id);
            return change
              ? { ...item, rolls: change.rolls, multiplierScaled: change.multiplierScaled }
              : item;
          });
          const problems = caseProblems(found.row.prices, items);
          if (problems.length > 0) throw new CommandError(`Not changed: ${problems.join('; ')}`);
          for (const change of changes) {
            await tx
              .update(gameCaseItems)
              .set({ rolls: change.rolls, multiplierScaled: change.multiplierScaled })
              .where(and(eq(gameCaseItems.caseId, found.row.id), eq(gameCaseItems.id, change.id)));
          }
          await tx
            .update(gameCases)
            .set({ updatedAt: sql`now()` })
            .where(eq(gameCases.id, found.row.id));
          const itemState = (list: typeof items) =>
            Object.fromEntries(
              list
                .filter((item) => changes.some((c) => c.id === item.id))
                .map((item) => [item.id, { rolls: item.rolls, multiplier_scaled: item.multiplierScaled }]),
            );
          await record({
            action: 'case.set_items',
            subjectType: 'case',
            subjectId: slug,
            before: { items: itemState(found.items), rtp: rtpOf(found.items) },
            after: { items: itemState(items), rtp: rtpOf(items) },
          });
          out(`Updated ${changes.length} item(s) of ${slug}; RTP now ${percent(rtpOf(items))}`);
        });
      },
    }),
    defineCommand({
      name: 'set-price',
      args: '<slug> <currency> <amount>',
      summary: "Set a case's price in one currency (within that currency's coinflip range)",
      parse(positionals) {
        if (positionals.length !== 3) throw new UsageError('expected <slug> <currency> <amount>');
        const slug = slugArg(positionals);
        const currency = positionals[1].toUpperCase();
        if (!isCurrency(currency)) throw new UsageError(`currency must be one of ${CURRENCIES.join(', ')}`);
        let minor: number;
        try {
          minor = toMinorUnits(positionals[2]);
        } catch {
          throw new UsageError(`"${positionals[2]}" is not an amount`);
        }
        return { slug, currency, minor };
      },
      async run(context, { slug, currency, minor }) {
        await audited(context, async (tx, record) => {
          const found = await findCase(tx, slug, { all: true });
          if (!found) throw new CommandError(`No case ${slug}`);
          const prices = { ...found.row.prices, [currency]: minor };
          const problems = caseProblems(prices, found.items).filter((p) => p.includes(currency));
          if (problems.length > 0) throw new CommandError(`Not changed: ${problems.join('; ')}`);
          await tx
            .update(gameCases)
            .set({ prices, updatedAt: sql`now()` })
            .where(eq(gameCases.id, found.row.id));
          await record({
            action: 'case.set_price',
            subjectType: 'case',
            subjectId: slug,
            before: { currency, price_minor: found.row.prices[currency] ?? null },
            after: { currency, price_minor: minor },
          });
        });
        context.out(`Price of ${slug} in ${currency}: ${price(minor)}`);
      },
    }),
    ...(['enable', 'disable'] as const).map((action) =>
      defineCommand({
        name: action,
        args: '<slug> ...',
        summary:
          action === 'enable'
            ? 'Offer cases to players again'
            : 'Hide cases from players (old openings stay)',
        parse(positionals) {
          if (positionals.length === 0) throw new UsageError('expected <slug> ...');
          positionals.forEach((slug) => {
            if (!SLUG.test(slug)) throw new UsageError(`"${slug}" is not a case slug`);
          });
          return { slugs: positionals };
        },
        async run(context, { slugs }) {
          const enabled = action === 'enable';
          await audited(context, async (tx, record) => {
            const before = await tx
              .select({ slug: gameCases.slug, enabled: gameCases.enabled })
              .from(gameCases)
              .where(inArray(gameCases.slug, slugs))
              .for('update');
            const missing = slugs.filter((slug) => !before.some((row) => row.slug === slug));
            if (missing.length > 0) throw new CommandError(`No case ${missing.join(', ')}`);
            await tx
              .update(gameCases)
              .set({ enabled, updatedAt: sql`now()` })
              .where(inArray(gameCases.slug, slugs));
            // One entry per case whose state changed.
            for (const row of before) {
              await record({
                action: `case.${action}`,
                subjectType: 'case',
                subjectId: row.slug,
                before: { enabled: row.enabled },
                after: { enabled },
              });
            }
          });
          context.out(`${enabled ? 'Enabled' : 'Disabled'}: ${slugs.join(', ')}`);
        },
      }),
    ),
  ],
};
