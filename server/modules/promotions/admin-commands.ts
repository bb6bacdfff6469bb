/** `npm run admin -- banner add|list|remove` (issue 19): the home page's banners. Audited. */
import { and, eq } from 'drizzle-orm';
import { BANNER_THEMES } from '@/lib/contracts/promotions';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, printTable, rowState, text, utc } from '../../admin/toolkit';
import { promoBanners } from './schema';

export const bannerCommands: CommandGroup = {
  name: 'banner',
  summary: 'the home page’s banners',
  commands: [
    defineCommand({
      name: 'add',
      args: '--title TEXT [--title-en TEXT --title-kz TEXT] [--text TEXT …] --href /path [--theme gold|violet|emerald|crimson] [--position N] [--starts ISO] [--ends ISO]',
      summary: 'Add a banner (a missing language takes the Russian)',
      options: {
        title: { type: 'string' },
        'title-en': { type: 'string' },
        'title-kz': { type: 'string' },
        text: { type: 'string' },
        'text-en': { type: 'string' },
        'text-kz': { type: 'string' },
        href: { type: 'string' },
        theme: { type: 'string' },
        position: { type: 'string' },
        starts: { type: 'string' },
        ends: { type: 'string' },
      },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const title = text(values, 'title');
        if (!title) throw new UsageError('--title is required');
        const href = text(values, 'href');
        if (!href || !href.startsWith('/') || href.startsWith('//'))
          throw new UsageError('--href must be a path inside the site, like /welcome-pack');
        const theme = text(values, 'theme') ?? 'gold';
        if (!(BANNER_THEMES as readonly string[]).includes(theme))
          throw new UsageError(`--theme must be one of ${BANNER_THEMES.join(', ')}`);
        const body = text(values, 'text') ?? '';
        const time = (name: string) => {
          const raw = text(values, name);
          if (!raw) return null;
          const at = new Date(raw);
          if (Number.isNaN(at.getTime())) throw new UsageError(`--${name} "${raw}" is not a time`);
          return at;
        };
        const position = Number(text(values, 'position') ?? '100');
        if (!Number.isInteger(position)) throw new UsageError('--position must be a whole number');
        return {
          title: { ru: title, en: text(values, 'title-en') ?? title, kz: text(values, 'title-kz') ?? title },
          text: { ru: body, en: text(values, 'text-en') ?? body, kz: text(values, 'text-kz') ?? body },
          href,
          theme,
          position,
          startsAt: time('starts'),
          endsAt: time('ends'),
        };
      },
      async run(context, input) {
        const row = await audited(context, async (tx, record) => {
          const [created] = await tx.insert(promoBanners).values(input).returning();
          await record({
            action: 'banner.add',
            subjectType: 'promo_banner',
            subjectId: String(created!.id),
            before: null,
            after: rowState(created),
          });
          return created!;
        });
        context.out(`Banner ${row.id} added.`);
      },
    }),
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List the banners',
      parse: () => ({}),
      async run({ db, out }) {
        const rows = await db.select().from(promoBanners).orderBy(promoBanners.position, promoBanners.id);
        printTable(out, 'No banners.', [
          ['ID', 'POS', 'THEME', 'TITLE', 'HREF', 'STARTS (UTC)', 'ENDS (UTC)'],
          ...rows.map((row) => [
            String(row.id),
            String(row.position),
            row.theme,
            row.title.en,
            row.href,
            utc(row.startsAt),
            utc(row.endsAt),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'remove',
      args: '<id>',
      summary: 'Remove a banner',
      parse(positionals) {
        if (positionals.length !== 1 || !/^[1-9]\d{0,9}$/.test(positionals[0]!))
          throw new UsageError('one banner id is required');
        return { id: Number(positionals[0]) };
      },
      async run(context, { id }) {
        await audited(context, async (tx, record) => {
          const [gone] = await tx
            .delete(promoBanners)
            .where(and(eq(promoBanners.id, id)))
            .returning();
          if (!gone) throw new CommandError(`No banner ${id}.`);
          await record({
            action: 'banner.remove',
            subjectType: 'promo_banner',
            subjectId: String(id),
            before: rowState(gone),
            after: null,
          });
        });
        context.out(`Banner ${id} removed.`);
      },
    }),
  ],
};
