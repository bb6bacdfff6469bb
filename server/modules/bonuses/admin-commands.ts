import { CURRENCIES, isCurrency, type Currency } from '@/lib/constants/currencies';
import { toMinorUnits } from '@/lib/money';
import {
  CommandError,
  defineCommand,
  UsageError,
  type CommandGroup,
  type OptionValues,
} from '../../admin/command';
import { audited, findUser, list, money, printTable, rowState, table, text, utc } from '../../admin/toolkit';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { BonusLimits, SpinBets } from './schema';
import { listActivations } from './activations';
import { cancelFreeSpins, grantFreeSpins } from './free-spins';
import {
  createCampaign,
  createPromo,
  disableStage,
  findCampaign,
  findPromo,
  freeSpinsOfUser,
  listCampaigns,
  listPromos,
  listStages,
  setPackTitle,
  setPromoEnabled,
  stagesByIds,
  upsertStage,
} from './repository';
import type { UserFreeSpinRow } from './schema';
import { betFor, normalizePromoCode, termsFor } from './rules';
import { packTitles } from './welcome-pack';

function noMore(positionals: string[], expected: number): void {
  if (positionals.length > expected)
    throw new UsageError(`unexpected arguments: ${positionals.slice(expected).join(' ')}`);
}

function wholeNumber(raw: string | undefined, name: string, min: number, max: number): number {
  const value = raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function wagerOption(raw: string | undefined, name = '--wager'): number {
  if (raw === undefined) throw new UsageError(`${name} X is required (e.g. 35)`);
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(raw) || Number(raw) > 1000)
    throw new UsageError(`${name} must be a number from 0 to 1000 with at most two decimals`);
  return Number(raw);
}

function major(raw: string, what: string): bigint {
  try {
    if (!/^\d+(\.\d{1,2})?$/.test(raw)) throw new RangeError(raw);
    return BigInt(toMinorUnits(raw));
  } catch {
    throw new UsageError(`${what}: "${raw}" is not an amount`);
  }
}

function currencyPart(raw: string, what: string): Currency {
  const currency = raw.toUpperCase();
  if (!isCurrency(currency))
    throw new UsageError(`${what}: currency must be one of ${CURRENCIES.join(', ')}`);
  return currency;
}

/** `--limit RUB:500:50000` (repeatable): minimum deposit and maximum bonus per currency, major units. */
function limitsOption(values: OptionValues): BonusLimits {
  const raws = list(values, 'limit');
  if (raws.length === 0) throw new UsageError('at least one --limit CUR:MIN_DEPOSIT:MAX_BONUS is required');
  const limits: BonusLimits = {};
  for (const raw of raws) {
    const parts = raw.split(':');
    if (parts.length !== 3) throw new UsageError(`--limit ${raw}: expected CUR:MIN_DEPOSIT:MAX_BONUS`);
    const currency = currencyPart(parts[0], `--limit ${raw}`);
    if (limits[currency]) throw new UsageError(`--limit: ${currency} is given twice`);
    const min = major(parts[1], `--limit ${raw}`);
    const max = major(parts[2], `--limit ${raw}`);
    if (max <= 0n) throw new UsageError(`--limit ${raw}: the maximum bonus must be positive`);
    limits[currency] = { min_deposit_minor: Number(min), max_bonus_minor: Number(max) };
  }
  return limits;
}

/** `--bet RUB:10` (repeatable): the spin bet per currency, major units. */
function betsOption(values: OptionValues): SpinBets {
  const raws = list(values, 'bet');
  if (raws.length === 0) throw new UsageError('at least one --bet CUR:AMOUNT is required');
  const bets: SpinBets = {};
  for (const raw of raws) {
    const parts = raw.split(':');
    if (parts.length !== 2) throw new UsageError(`--bet ${raw}: expected CUR:AMOUNT`);
    const currency = currencyPart(parts[0], `--bet ${raw}`);
    if (bets[currency]) throw new UsageError(`--bet: ${currency} is given twice`);
    const bet = major(parts[1], `--bet ${raw}`);
    if (bet <= 0n) throw new UsageError(`--bet ${raw}: the bet must be positive`);
    bets[currency] = Number(bet);
  }
  return bets;
}

function dateOption(values: OptionValues, name: string): Date | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  const date = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? new Date(raw) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(`--${name} must be a date like 2031-12-31 or 2031-12-31T23:59:59Z`);
  return date;
}

function requiredText(values: OptionValues, name: string, max = 200): string {
  const value = optionalText(values, name, max);
  if (value === null) throw new UsageError(`--${name} TEXT is required`);
  return value;
}

function optionalText(values: OptionValues, name: string, max = 1000): string | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  const value = raw.trim();
  if (!value) throw new UsageError(`--${name} must not be empty`);
  if (value.length > max) throw new UsageError(`--${name} must be at most ${max} characters`);
  return value;
}

function limitsText(limits: BonusLimits): string {
  return (
    CURRENCIES.flatMap((currency) => {
      const terms = termsFor(limits, currency);
      return terms ? [`${currency} ${money(terms.minDepositMinor)}/${money(terms.maxBonusMinor)}`] : [];
    }).join(', ') || '-'
  );
}

function codeArgument(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('a promo code is required');
  noMore(positionals, 1);
  const code = normalizePromoCode(positionals[0]);
  if (!code) throw new UsageError(`"${positionals[0]}" is not a promo code (letters, digits, - and _)`);
  return code;
}

function setEnabled(enabled: boolean) {
  return defineCommand({
    name: enabled ? 'enable' : 'disable',
    args: '<CODE>',
    summary: enabled ? 'Offer a promo code again' : 'Stop offering a promo code (waiting activations stay)',
    parse: (positionals) => ({ code: codeArgument(positionals) }),
    async run(context, { code }) {
      await audited(context, async (tx, record, now) => {
        const before = await findPromo(tx, code);
        const row = await setPromoEnabled(tx, code, enabled, now);
        if (!before || !row) throw new CommandError(`No promo code ${code}.`);
        await record({
          action: enabled ? 'promo.enable' : 'promo.disable',
          subjectType: 'promo',
          subjectId: code,
          before: { enabled: before.enabled },
          after: { enabled: row.enabled },
        });
      });
      context.out(`${enabled ? 'Enabled' : 'Disabled'} ${code}.`);
    },
  });
}

export const promoCommands: CommandGroup = {
  name: 'promo',
  summary: 'promo codes (registration-and-deposit bonuses)',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List the promo codes',
      parse: (positionals) => noMore(positionals, 0),
      async run({ db, out }) {
        const rows = await listPromos(db);
        printTable(out, 'No promo codes.', [
          ['CODE', 'PERCENT', 'WAGER', 'REGION', 'WAIT', 'ENDS (UTC)', 'ENABLED', 'MIN/MAX PER CURRENCY'],
          ...rows.map((row) => [
            row.code,
            `${row.percent}%`,
            `x${row.wager}`,
            row.region ?? 'any',
            `${row.waitDays}d`,
            utc(row.endsAt),
            row.enabled ? 'yes' : 'no',
            limitsText(row.limits),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'create',
      args:
        '<CODE> --percent N --wager X --limit CUR:MIN:MAX [--limit ...] --name-en TEXT [--name-ru TEXT] [--name-kz TEXT] ' +
        '[--description-en|ru|kz TEXT] [--region KZ|RU] [--starts-at DATE] [--ends-at DATE] [--wait-days N]',
      summary: 'Create a promo code (amounts in major units)',
      options: {
        percent: { type: 'string' },
        wager: { type: 'string' },
        limit: { type: 'string', multiple: true },
        'name-en': { type: 'string' },
        'name-ru': { type: 'string' },
        'name-kz': { type: 'string' },
        'description-en': { type: 'string' },
        'description-ru': { type: 'string' },
        'description-kz': { type: 'string' },
        region: { type: 'string' },
        'starts-at': { type: 'string' },
        'ends-at': { type: 'string' },
        'wait-days': { type: 'string' },
      },
      parse(positionals, values) {
        const code = codeArgument(positionals);
        const rawRegion = text(values, 'region')?.toUpperCase();
        if (rawRegion !== undefined && rawRegion !== 'KZ' && rawRegion !== 'RU')
          throw new UsageError('--region must be KZ or RU');
        const startsAt = dateOption(values, 'starts-at');
        const endsAt = dateOption(values, 'ends-at');
        if (startsAt && endsAt && startsAt >= endsAt)
          throw new UsageError('--starts-at must be before --ends-at');
        const waitDays = text(values, 'wait-days');
        return {
          code,
          nameEn: requiredText(values, 'name-en'),
          nameRu: optionalText(values, 'name-ru', 200),
          nameKz: optionalText(values, 'name-kz', 200),
          descriptionEn: optionalText(values, 'description-en') ?? '',
          descriptionRu: optionalText(values, 'description-ru'),
          descriptionKz: optionalText(values, 'description-kz'),
          percent: wholeNumber(text(values, 'percent'), '--percent', 1, 1000),
          wager: wagerOption(text(values, 'wager')),
          limits: limitsOption(values),
          region: rawRegion ?? null,
          waitDays: waitDays === undefined ? 7 : wholeNumber(waitDays, '--wait-days', 1, 365),
          startsAt,
          endsAt,
        };
      },
      async run(context, promo) {
        const row = await audited(context, async (tx, record, now) => {
          const created = await createPromo(tx, promo, now);
          if (!created) throw new CommandError(`Promo code ${promo.code} already exists.`);
          await record({
            action: 'promo.create',
            subjectType: 'promo',
            subjectId: created.code,
            before: null,
            after: rowState(created),
          });
          return created;
        });
        context.out(
          `Created ${row.code}: ${row.percent}% up to ${limitsText(row.limits)}, wager x${row.wager}, ` +
            `region ${row.region ?? 'any'}, waits ${row.waitDays} days${row.endsAt ? `, ends ${utc(row.endsAt)}` : ''}.`,
        );
      },
    }),
    setEnabled(false),
    setEnabled(true),
  ],
};

export const welcomePackCommands: CommandGroup = {
  name: 'welcome-pack',
  summary: 'the welcome pack: a bonus on each of the first deposits',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'Show the title and the stages',
      parse: (positionals) => noMore(positionals, 0),
      async run({ db, out }) {
        const title = await packTitles(db);
        out(
          `Title: ${title?.en ?? '-'}${title?.ru ? ` | ru: ${title.ru}` : ''}${title?.kz ? ` | kz: ${title.kz}` : ''}`,
        );
        const rows = await listStages(db);
        printTable(out, 'No stages.', [
          [
            'STAGE',
            'DEPOSIT',
            'PERCENT',
            'WAGER',
            'FREE SPINS',
            'ENABLED',
            'TITLE (EN)',
            'MIN/MAX PER CURRENCY',
          ],
          ...rows.map((row) => [
            String(row.stage),
            `#${row.depositNumber}`,
            `${row.percent}%`,
            `x${row.wager}`,
            row.freeSpinCampaignId === null ? '-' : `campaign ${row.freeSpinCampaignId}`,
            row.enabled ? 'yes' : 'no',
            row.titleEn,
            limitsText(row.limits),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'set-stage',
      args:
        '<N> --percent N --wager X --limit CUR:MIN:MAX [--limit ...] --title-en TEXT [--title-ru TEXT] [--title-kz TEXT] ' +
        '[--deposit N] [--free-spins CAMPAIGN_ID|none]',
      summary: 'Create or replace stage N (paid on deposit number --deposit, default N) and enable it',
      options: {
        percent: { type: 'string' },
        wager: { type: 'string' },
        limit: { type: 'string', multiple: true },
        'title-en': { type: 'string' },
        'title-ru': { type: 'string' },
        'title-kz': { type: 'string' },
        deposit: { type: 'string' },
        'free-spins': { type: 'string' },
      },
      parse(positionals, values) {
        if (positionals.length === 0) throw new UsageError('a stage number is required');
        noMore(positionals, 1);
        const stage = wholeNumber(positionals[0], 'the stage', 1, 100);
        const deposit = text(values, 'deposit');
        const spins = text(values, 'free-spins');
        return {
          stage,
          depositNumber: deposit === undefined ? stage : wholeNumber(deposit, '--deposit', 1, 1000),
          titleEn: requiredText(values, 'title-en'),
          titleRu: optionalText(values, 'title-ru', 200),
          titleKz: optionalText(values, 'title-kz', 200),
          percent: wholeNumber(text(values, 'percent'), '--percent', 1, 1000),
          wager: wagerOption(text(values, 'wager')),
          limits: limitsOption(values),
          freeSpinCampaignId:
            spins === undefined || spins === 'none'
              ? null
              : wholeNumber(spins, '--free-spins', 1, 2_147_483_647),
        };
      },
      async run(context, stage) {
        const { db, out } = context;
        if (stage.freeSpinCampaignId !== null && !(await findCampaign(db, stage.freeSpinCampaignId)))
          throw new CommandError(`No free-spin campaign ${stage.freeSpinCampaignId}.`);
        try {
          const row = await audited(context, async (tx, record, now) => {
            const [before] = await stagesByIds(tx, [stage.stage]);
            const saved = await upsertStage(tx, stage, now);
            await record({
              action: 'welcome_pack.set_stage',
              subjectType: 'welcome_stage',
              subjectId: saved.stage,
              before: rowState(before),
              after: rowState(saved),
            });
            return saved;
          });
          out(
            `Stage ${row.stage} (deposit #${row.depositNumber}): ${row.percent}% up to ${limitsText(row.limits)}, ` +
              `wager x${row.wager}${row.freeSpinCampaignId ? `, free spins of campaign ${row.freeSpinCampaignId}` : ''}.`,
          );
        } catch (error) {
          if (isUniqueViolation(error))
            throw new CommandError(`Another stage is paid on deposit #${stage.depositNumber}.`);
          throw error;
        }
      },
    }),
    defineCommand({
      name: 'disable-stage',
      args: '<N>',
      summary: 'Stop paying stage N (set-stage enables it again)',
      parse(positionals) {
        if (positionals.length === 0) throw new UsageError('a stage number is required');
        noMore(positionals, 1);
        return { stage: wholeNumber(positionals[0], 'the stage', 1, 100) };
      },
      async run(context, { stage }) {
        await audited(context, async (tx, record, now) => {
          const [before] = await stagesByIds(tx, [stage]);
          const row = await disableStage(tx, stage, now);
          if (!before || !row) throw new CommandError(`No stage ${stage}.`);
          await record({
            action: 'welcome_pack.disable_stage',
            subjectType: 'welcome_stage',
            subjectId: stage,
            before: { enabled: before.enabled },
            after: { enabled: row.enabled },
          });
        });
        context.out(`Disabled stage ${stage}.`);
      },
    }),
    defineCommand({
      name: 'set-title',
      args: '--en TEXT [--ru TEXT] [--kz TEXT]',
      summary: 'Set the public title of the welcome pack',
      options: { en: { type: 'string' }, ru: { type: 'string' }, kz: { type: 'string' } },
      parse(positionals, values) {
        noMore(positionals, 0);
        const ru = optionalText(values, 'ru', 200);
        const kz = optionalText(values, 'kz', 200);
        return { en: requiredText(values, 'en'), ...(ru ? { ru } : {}), ...(kz ? { kz } : {}) };
      },
      async run(context, title) {
        await audited(context, async (tx, record, now) => {
          const before = await packTitles(tx);
          await setPackTitle(tx, title, now);
          await record({
            action: 'welcome_pack.set_title',
            subjectType: 'welcome_pack',
            subjectId: 'title',
            before: before && {
              en: before.en ?? null,
              ru: before.ru ?? null,
              kz: before.kz ?? null,
            },
            after: { en: title.en, ru: title.ru ?? null, kz: title.kz ?? null },
          });
        });
        context.out(`Welcome pack title: ${title.en}`);
      },
    }),
  ],
};

/** A user's row of a campaign's spins (undefined: never had any). */
async function spinsOf(
  db: Executor,
  userId: number,
  campaignId: number,
): Promise<UserFreeSpinRow | undefined> {
  return (await freeSpinsOfUser(db, userId)).find((row) => row.campaignId === campaignId);
}

/** A user's spins of a campaign as the audit log keeps them. */
const spinState = (row: UserFreeSpinRow | undefined) =>
  row
    ? {
        campaign_id: row.campaignId,
        status: row.status,
        count_left: row.countLeft,
        expiration_at: row.expirationAt,
      }
    : null;

function userAndCampaign(positionals: string[]): { user: string; campaignId: number } {
  if (positionals.length < 2) throw new UsageError('expected <user> <campaign id>');
  noMore(positionals, 2);
  return {
    user: positionals[0],
    campaignId: wholeNumber(positionals[1], 'the campaign id', 1, 2_147_483_647),
  };
}

export const freeSpinCommands: CommandGroup = {
  name: 'freespins',
  summary: 'free-spin campaigns and the spins players hold',
  commands: [
    defineCommand({
      name: 'campaigns',
      args: '',
      summary: 'List the campaigns',
      parse: (positionals) => noMore(positionals, 0),
      async run({ db, out }) {
        const rows = await listCampaigns(db);
        printTable(out, 'No campaigns.', [
          ['ID', 'NAME (EN)', 'GAME', 'SPINS', 'WAGER', 'ENDS (UTC)', 'ENABLED', 'BET PER CURRENCY'],
          ...rows.map((row) => [
            String(row.id),
            row.nameEn,
            row.gameId,
            String(row.count),
            `x${row.wager}`,
            utc(row.endsAt),
            row.enabled ? 'yes' : 'no',
            CURRENCIES.flatMap((c) => {
              const bet = betFor(row, c);
              return bet === null ? [] : [`${c} ${money(bet)}`];
            }).join(', '),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'create-campaign',
      args:
        '--name-en TEXT --game-id SLUG --game-name TEXT --count N --bet CUR:AMOUNT [--bet ...] --wager X ' +
        '[--name-ru|kz TEXT] [--description-en|ru|kz TEXT] [--ends-at DATE]',
      summary: 'Create a free-spin campaign',
      options: {
        'name-en': { type: 'string' },
        'name-ru': { type: 'string' },
        'name-kz': { type: 'string' },
        'description-en': { type: 'string' },
        'description-ru': { type: 'string' },
        'description-kz': { type: 'string' },
        'game-id': { type: 'string' },
        'game-name': { type: 'string' },
        count: { type: 'string' },
        bet: { type: 'string', multiple: true },
        wager: { type: 'string' },
        'ends-at': { type: 'string' },
      },
      parse(positionals, values) {
        noMore(positionals, 0);
        const gameId = requiredText(values, 'game-id', 100);
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(gameId))
          throw new UsageError('--game-id must be a slug like book-of-aurum');
        return {
          nameEn: requiredText(values, 'name-en'),
          nameRu: optionalText(values, 'name-ru', 200),
          nameKz: optionalText(values, 'name-kz', 200),
          descriptionEn: optionalText(values, 'description-en') ?? '',
          descriptionRu: optionalText(values, 'description-ru'),
          descriptionKz: optionalText(values, 'description-kz'),
          gameId,
          gameName: requiredText(values, 'game-name'),
          count: wholeNumber(text(values, 'count'), '--count', 1, 10_000),
          bet: betsOption(values),
          wager: wagerOption(text(values, 'wager')),
          endsAt: dateOption(values, 'ends-at'),
        };
      },
      async run(context, campaign) {
        const row = await audited(context, async (tx, record, now) => {
          const created = await createCampaign(tx, campaign, now);
          await record({
            action: 'freespins.create_campaign',
            subjectType: 'free_spin_campaign',
            subjectId: created.id,
            before: null,
            after: rowState(created),
          });
          return created;
        });
        context.out(`Created campaign ${row.id}: ${row.count} spins in ${row.gameName}.`);
      },
    }),
    defineCommand({
      name: 'grant',
      args: '<user> <campaign id> [--days N]',
      summary: 'Give a user the campaign\u2019s spins (refilled; usable --days, default 7)',
      options: { days: { type: 'string' } },
      parse(positionals, values) {
        const days = text(values, 'days');
        return {
          ...userAndCampaign(positionals),
          days: days === undefined ? 7 : wholeNumber(days, '--days', 1, 365),
        };
      },
      async run(context, input) {
        const { db, out } = context;
        const user = await findUser(db, input.user);
        const result = await audited(context, async (tx, record, now) => {
          const before = await spinsOf(tx, user.id, input.campaignId);
          const outcome = await grantFreeSpins(tx, {
            userId: user.id,
            campaignId: input.campaignId,
            currency: user.currency,
            days: input.days,
            now,
          });
          if (outcome.granted) {
            await record({
              action: 'freespins.grant',
              subjectType: 'free_spins',
              subjectId: outcome.row.id,
              userId: user.id,
              before: spinState(before),
              after: spinState(outcome.row),
            });
          }
          return outcome;
        });
        if (!result.granted) {
          const why = {
            unknown: 'does not exist',
            disabled: 'is disabled',
            ended: 'has ended',
            currency: `has no bet in ${user.currency}`,
          }[result.reason];
          throw new CommandError(`Campaign ${input.campaignId} ${why}.`);
        }
        out(
          `Granted ${result.row.countLeft} spins of campaign ${input.campaignId} to user ${user.id}, ` +
            `usable until ${utc(result.row.expirationAt)} UTC.`,
        );
      },
    }),
    defineCommand({
      name: 'revoke',
      args: '<user> <campaign id>',
      summary: 'Cancel a user\u2019s active spins of a campaign',
      parse: (positionals) => userAndCampaign(positionals),
      async run(context, input) {
        const user = await findUser(context.db, input.user);
        await audited(context, async (tx, record, now) => {
          const before = await spinsOf(tx, user.id, input.campaignId);
          if (!(await cancelFreeSpins(tx, { userId: user.id, campaignId: input.campaignId, now })) || !before)
            throw new CommandError(`User ${user.id} has no active spins of campaign ${input.campaignId}.`);
          await record({
            action: 'freespins.revoke',
            subjectType: 'free_spins',
            subjectId: before.id,
            userId: user.id,
            before: spinState(before),
            after: spinState(await spinsOf(tx, user.id, input.campaignId)),
          });
        });
        context.out(`Revoked the spins of campaign ${input.campaignId} from user ${user.id}.`);
      },
    }),
  ],
};

export const bonusCommands: CommandGroup = {
  name: 'bonus',
  summary: 'bonuses of a player',
  commands: [
    defineCommand({
      name: 'list',
      args: '<user>',
      summary: 'List a user\u2019s bonuses (newest first) and free spins',
      parse(positionals) {
        if (positionals.length === 0) throw new UsageError('a user id, e-mail or phone is required');
        noMore(positionals, 1);
        return { user: positionals[0] };
      },
      async run({ db, out }, input) {
        const user = await findUser(db, input.user);
        const rows = await listActivations(db, user.id, new Date());
        const promos = new Map((await listPromos(db)).map((p) => [p.id, p.code]));
        if (rows.length === 0) out(`User ${user.id} has no bonuses.`);
        else
          for (const line of table([
            ['ID', 'SOURCE', 'STATUS', 'AMOUNT', 'WAGERED', 'CURRENCY', 'INVOICE', 'CREATED (UTC)'],
            ...rows.map((row) => [
              String(row.id),
              row.promoId !== null
                ? `promo ${promos.get(row.promoId) ?? row.promoId}`
                : `welcome stage ${row.stage}`,
              row.status,
              money(row.amountMinor),
              `${money(row.wageredMinor)}/${money(row.wagerRequiredMinor)}`,
              row.currency,
              row.invoiceId === null ? '-' : String(row.invoiceId),
              utc(row.createdAt),
            ]),
          ]))
            out(line);
        const spins = await freeSpinsOfUser(db, user.id);
        for (const row of spins)
          out(
            `Free spins: campaign ${row.campaignId}, ${row.countLeft} left, ${row.status}, ` +
              `expires ${utc(row.expirationAt)} UTC`,
          );
      },
    }),
  ],
};
