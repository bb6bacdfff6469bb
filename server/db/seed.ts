/**
 * Demo data for a fresh installation. Each step runs once per database: its id is recorded in
 * `seed_runs` in the same transaction as its inserts, under an advisory lock, so concurrent starters and
 * restarts never apply a step twice. Later features append steps (never edit or reorder applied ones).
 */
import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from './client';
import { hashPassword } from '../modules/auth/passwords';
import type { BonusLimits } from '../modules/bonuses/schema';
import { grantFreeSpins, WELCOME_PACK_TITLE_SETTING } from '../modules/bonuses/service';
import { createChain, setChainSalt } from '../modules/crash/service';
import { promoBanners } from '../modules/promotions/schema';
import { create as createTournament } from '../modules/tournaments/service';
import { newSuperBonusTag } from '../modules/users/service';
import {
  crashChains,
  gameCaseItems,
  gameCases,
  freeSpinCampaigns,
  operatorSettings,
  paymentMethods,
  payoutMethods,
  promoCodes,
  seedRuns,
  users,
  welcomePackStages,
} from './schema';

/** Demo accounts of a fresh installation (README). */
export const DEMO_USERS = {
  email: { email: 'demo@aurum.example', password: 'demo12345', currency: 'RUB' },
  phone: { phone: '+77010000001', password: 'demo12345', currency: 'KZT' },
} as const;

export interface SeedStep {
  /** Stable id, e.g. `0001-operator-settings`. */
  id: string;
  /**
   * Demo-only data with published credentials (the README's demo players): applied only when seeding
   * with `demo: true` (never in production). A skipped demo step is not recorded, so a database
   * seeded in production gets it only if it is later started with the development helpers on.
   */
  demo?: true;
  run(tx: Executor): Promise<void>;
}

const SEED_LOCK_KEY = 7_346_190_002;

type Rarity = 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
type DemoItem = [en: string, ru: string, kz: string, rolls: number, multiplier: number, rarity: Rarity];

/**
 * The demo cases (step 0005). Chances are rolls out of 100 000 in item order; `multiplier` is what an item
 * pays as a multiple of the price; `rtp` is the declared return, Σ rolls × multiplier / 100 000, to four
 * decimals (server/modules/games/cases.test.ts checks it). Prices (major units) sit inside each currency's
 * coinflip range of spec §9.
 */
export const DEMO_CASES: {
  slug: string;
  name: { en: string; ru: string; kz: string };
  rtp: number;
  prices: Record<'RUB' | 'USD' | 'KZT' | 'INR' | 'EUR', number>;
  items: DemoItem[];
}[] = [
  {
    slug: 'starter',
    name: { en: 'Starter case', ru: 'Стартовый кейс', kz: 'Бастапқы кейс' },
    rtp: 0.96,
    prices: { RUB: 50, USD: 0.5, KZT: 250, INR: 50, EUR: 0.5 },
    items: [
      ['Copper coin', 'Медная монета', 'Мыс тиын', 19_624, 0.3, 'common'],
      ['Silver coin', 'Серебряная монета', 'Күміс тиын', 61_516, 0.8, 'common'],
      ['Gold coin', 'Золотая монета', 'Алтын тиын', 12_000, 1.2, 'uncommon'],
      ['Coin purse', 'Кошелёк монет', 'Тиын әмияны', 5_000, 2, 'rare'],
      ['Treasure pouch', 'Мешочек сокровищ', 'Қазына қапшығы', 1_500, 5, 'epic'],
      ['Small chest', 'Малый сундук', 'Шағын сандық', 300, 20, 'epic'],
      ['Golden chest', 'Золотой сундук', 'Алтын сандық', 60, 50, 'legendary'],
    ],
  },
  {
    slug: 'classic',
    name: { en: 'Classic case', ru: 'Классический кейс', kz: 'Классикалық кейс' },
    rtp: 0.955,
    prices: { RUB: 200, USD: 2, KZT: 1_000, INR: 200, EUR: 2 },
    items: [
      ['Quartz', 'Кварц', 'Кварц', 6_256, 0.2, 'common'],
      ['Amethyst', 'Аметист', 'Аметист', 74_784, 0.7, 'common'],
      ['Topaz', 'Топаз', 'Топаз', 12_000, 1.2, 'uncommon'],
      ['Sapphire', 'Сапфир', 'Сапфир', 5_000, 2.5, 'rare'],
      ['Emerald', 'Изумруд', 'Зүмірет', 1_500, 5, 'rare'],
      ['Ruby', 'Рубин', 'Лағыл', 400, 10, 'epic'],
      ['Diamond', 'Бриллиант', 'Гауһар', 50, 50, 'legendary'],
      ['Black diamond', 'Чёрный бриллиант', 'Қара гауһар', 10, 100, 'legendary'],
    ],
  },
  {
    slug: 'gold-rush',
    name: { en: 'Gold rush case', ru: 'Кейс «Золотая лихорадка»', kz: '«Алтын безгегі» кейсі' },
    rtp: 0.965,
    prices: { RUB: 1_000, USD: 10, KZT: 5_000, INR: 1_000, EUR: 10 },
    items: [
      ['Gold dust', 'Золотая пыль', 'Алтын шаң', 5_116, 0.2, 'common'],
      ['Gold nugget', 'Золотой самородок', 'Алтын кесек', 79_610, 0.7, 'common'],
      ['Gold bar', 'Золотой слиток', 'Алтын құйма', 10_000, 1.5, 'uncommon'],
      ['Gold crown', 'Золотая корона', 'Алтын тәж', 4_000, 3, 'rare'],
      ['Gold sceptre', 'Золотой скипетр', 'Алтын таяқ', 1_000, 6, 'rare'],
      ['Gold throne', 'Золотой трон', 'Алтын тақ', 250, 15, 'epic'],
      ['Dragon hoard', 'Сокровище дракона', 'Айдаһар қазынасы', 20, 100, 'legendary'],
      ['El Dorado', 'Эльдорадо', 'Эльдорадо', 4, 250, 'legendary'],
    ],
  },
  {
    slug: 'jackpot',
    name: { en: 'Jackpot case', ru: 'Кейс «Джекпот»', kz: '«Джекпот» кейсі' },
    rtp: 0.95,
    prices: { RUB: 5_000, USD: 50, KZT: 25_000, INR: 5_000, EUR: 50 },
    items: [
      ['Lucky penny', 'Счастливая копейка', 'Бақытты тиын', 19_376, 0.1, 'common'],
      ['Lucky clover', 'Клевер на удачу', 'Бақ беделі', 68_578, 0.8, 'common'],
      ['Horseshoe', 'Подкова', 'Таға', 7_000, 1.5, 'uncommon'],
      ['Lucky seven', 'Счастливая семёрка', 'Бақытты жеті', 3_500, 3, 'rare'],
      ['Triple seven', 'Три семёрки', 'Үш жеті', 1_200, 6, 'rare'],
      ['Golden bell', 'Золотой колокол', 'Алтын қоңырау', 300, 15, 'epic'],
      ['Crystal crown', 'Хрустальная корона', 'Хрусталь тәж', 40, 50, 'epic'],
      ['Mega jackpot', 'Мега-джекпот', 'Мега-джекпот', 5, 500, 'legendary'],
      ['Grand jackpot', 'Гранд-джекпот', 'Гранд-джекпот', 1, 1_000, 'legendary'],
    ],
  },
];

/** Games in the demo crash chain (step 0007): at about ten seconds a round, more than a day of play. */
export const DEMO_CRASH_CHAIN_LENGTH = 10_000;

export const seedSteps: SeedStep[] = [
  {
    // The site links of the mirror data (spec §3). Null until the operator sets them.
    id: '0001-operator-settings',
    async run(tx) {
      await tx
        .insert(operatorSettings)
        .values([
          {
            key: 'telegram_channel_url',
            value: null,
            description: 'Telegram channel linked from the site (mirror data telegram_channel_url)',
          },
          {
            key: 'revshare_service_frontend_url',
            value: null,
            description:
              'Affiliate (revenue share) site linked from the site (mirror data revshare_service_frontend_url)',
          },
        ])
        .onConflictDoNothing();
    },
  },
  {
    // A player by e-mail (RUB, e-mail verified) and one by phone (KZT, phone verified).
    id: '0002-demo-users',
    demo: true,
    async run(tx) {
      const { email, phone } = DEMO_USERS;
      await tx
        .insert(users)
        .values([
          {
            email: email.email,
            passwordHash: await hashPassword(email.password),
            currency: email.currency,
            registerMethod: 'email',
            isEmailVerified: true,
            superBonusTag: newSuperBonusTag(),
          },
          {
            phone: phone.phone,
            passwordHash: await hashPassword(phone.password),
            currency: phone.currency,
            registerMethod: 'phone',
            isPhoneVerified: true,
            superBonusTag: newSuperBonusTag(),
          },
        ])
        .onConflictDoNothing();
    },
  },
  {
    // Deposit methods of the sandbox provider (card and phone per currency/region; min/max/default in
    // minor units). "Sandbox card (no limits)" has none, to exercise the web's 100/300000/100 fallbacks.
    id: '0003-payment-methods',
    async run(tx) {
      const m = (
        hash: string,
        type: 'card' | 'phone',
        nameEn: string,
        nameRu: string,
        currency: string,
        region: 'KZ' | 'RU' | null,
        limits: [number, number, number] | null,
        sort: number,
      ) => ({
        hash,
        provider: 'sandbox',
        type,
        nameEn,
        nameRu,
        currency,
        region,
        minMinor: limits ? BigInt(limits[0]) * 100n : null,
        maxMinor: limits ? BigInt(limits[1]) * 100n : null,
        defaultMinor: limits ? BigInt(limits[2]) * 100n : null,
        sort,
      });
      await tx
        .insert(paymentMethods)
        .values([
          m(
            'sandbox-card-rub',
            'card',
            'Bank card',
            'Банковская карта',
            'RUB',
            null,
            [100, 300_000, 1_000],
            10,
          ),
          m(
            'sandbox-sbp-rub',
            'phone',
            'SBP (by phone)',
            'СБП (по номеру телефона)',
            'RUB',
            'RU',
            [100, 100_000, 500],
            20,
          ),
          m(
            'sandbox-card-nolimits-rub',
            'card',
            'Sandbox card (no limits)',
            'Карта (без лимитов)',
            'RUB',
            null,
            null,
            30,
          ),
          m(
            'sandbox-card-kzt',
            'card',
            'Bank card',
            'Банковская карта',
            'KZT',
            null,
            [500, 1_500_000, 5_000],
            10,
          ),
          m(
            'sandbox-phone-kzt',
            'phone',
            'Transfer by phone',
            'Перевод по номеру телефона',
            'KZT',
            'KZ',
            [500, 500_000, 2_000],
            20,
          ),
          m('sandbox-card-usd', 'card', 'Bank card', 'Банковская карта', 'USD', null, [1, 3_000, 10], 10),
          m('sandbox-card-eur', 'card', 'Bank card', 'Банковская карта', 'EUR', null, [1, 3_000, 10], 10),
          m(
            'sandbox-card-inr',
            'card',
            'Bank card',
            'Банковская карта',
            'INR',
            null,
            [100, 300_000, 1_000],
            10,
          ),
        ])
        .onConflictDoNothing();
    },
  },
  {
    // Promo codes, free-spin campaigns (ids 1 and 2 on a fresh database), a four-stage welcome pack
    // (free spins with stages 1 and 3), and free spins for the demo players. Amounts in minor units.
    id: '0004-bonuses',
    async run(tx) {
      /** Major-unit [min deposit, max bonus] per currency → the stored limits. */
      const limits = (entries: Record<string, [number, number]>): BonusLimits =>
        Object.fromEntries(
          Object.entries(entries).map(([currency, [min, max]]) => [
            currency,
            { min_deposit_minor: Math.round(min * 100), max_bonus_minor: Math.round(max * 100) },
          ]),
        );
      const welcomeLimits = (scale: number) =>
        limits({
          RUB: [500, 50_000 * scale],
          KZT: [2_500, 250_000 * scale],
          USD: [5, 500 * scale],
          EUR: [5, 500 * scale],
          INR: [500, 50_000 * scale],
        });
      await tx
        .insert(promoCodes)
        .values([
          {
            code: 'WELCOME100',
            nameEn: 'Welcome bonus +100 %',
            nameRu: 'Приветственный бонус +100 %',
            nameKz: 'Қош келдіңіз бонусы +100 %',
            descriptionEn:
              '100 % of your first deposit as a bonus, up to the maximum. Wager it 35 times and it becomes cash.',
            descriptionRu:
              '100 % от первого депозита бонусом, до максимальной суммы. Отыграйте его 35 раз — и он станет реальными деньгами.',
            descriptionKz:
              'Алғашқы депозиттің 100 %-ы бонус ретінде, ең көп сомаға дейін. Оны 35 рет ойнап шығарсаңыз, нақты ақшаға айналады.',
            percent: 100,
            wager: 35,
            limits: welcomeLimits(1),
          },
          {
            code: 'KZSTART',
            nameEn: 'Kazakhstan start +150 %',
            nameRu: 'Старт в Казахстане +150 %',
            nameKz: 'Қазақстандағы старт +150 %',
            descriptionEn: 'For players in Kazakhstan: 150 % of your first deposit in tenge. Wager x40.',
            descriptionRu: 'Для игроков из Казахстана: 150 % от первого депозита в тенге. Вейджер x40.',
            descriptionKz: 'Қазақстандағы ойыншыларға: теңгедегі алғашқы депозиттің 150 %-ы. Вейджер x40.',
            percent: 150,
            wager: 40,
            limits: limits({ KZT: [5_000, 300_000] }),
            region: 'KZ',
          },
        ])
        .onConflictDoNothing();

      const bets = (rub: number) => ({
        RUB: rub * 100,
        KZT: rub * 500,
        USD: rub * 1,
        EUR: rub * 1,
        INR: rub * 100,
      });
      const [bookOfAurum, goldRush] = await tx
        .insert(freeSpinCampaigns)
        .values([
          {
            nameEn: '50 free spins in Book of Aurum',
            nameRu: '50 фриспинов в Book of Aurum',
            nameKz: 'Book of Aurum ойынында 50 фриспин',
            descriptionEn: 'Fifty spins at a fixed bet. Winnings go to the bonus balance with wager x30.',
            descriptionRu:
              'Пятьдесят вращений с фиксированной ставкой. Выигрыш — на бонусный баланс, вейджер x30.',
            descriptionKz: 'Тұрақты ставкамен елу айналым. Ұтыс бонус балансына түседі, вейджер x30.',
            gameId: 'book-of-aurum',
            gameName: 'Book of Aurum',
            count: 50,
            bet: bets(10),
            wager: 30,
          },
          {
            nameEn: '25 free spins in Gold Rush Express',
            nameRu: '25 фриспинов в Gold Rush Express',
            nameKz: 'Gold Rush Express ойынында 25 фриспин',
            descriptionEn:
              'Twenty-five spins at a fixed bet. Winnings go to the bonus balance with wager x30.',
            descriptionRu:
              'Двадцать пять вращений с фиксированной ставкой. Выигрыш — на бонусный баланс, вейджер x30.',
            descriptionKz: 'Тұрақты ставкамен жиырма бес айналым. Ұтыс бонус балансына түседі, вейджер x30.',
            gameId: 'gold-rush-express',
            gameName: 'Gold Rush Express',
            count: 25,
            bet: bets(20),
            wager: 30,
          },
        ])
        .returning({ id: freeSpinCampaigns.id });

      await tx
        .insert(welcomePackStages)
        .values([
          {
            stage: 1,
            depositNumber: 1,
            titleEn: '1st deposit: +100 % and 50 free spins',
            titleRu: '1-й депозит: +100 % и 50 фриспинов',
            titleKz: '1-депозит: +100 % және 50 фриспин',
            percent: 100,
            wager: 35,
            limits: welcomeLimits(1),
            freeSpinCampaignId: bookOfAurum.id,
          },
          {
            stage: 2,
            depositNumber: 2,
            titleEn: '2nd deposit: +75 %',
            titleRu: '2-й депозит: +75 %',
            titleKz: '2-депозит: +75 %',
            percent: 75,
            wager: 35,
            limits: welcomeLimits(0.8),
          },
          {
            stage: 3,
            depositNumber: 3,
            titleEn: '3rd deposit: +60 % and 25 free spins',
            titleRu: '3-й депозит: +60 % и 25 фриспинов',
            titleKz: '3-депозит: +60 % және 25 фриспин',
            percent: 60,
            wager: 35,
            limits: welcomeLimits(0.6),
            freeSpinCampaignId: goldRush.id,
          },
          {
            stage: 4,
            depositNumber: 4,
            titleEn: '4th deposit: +50 %',
            titleRu: '4-й депозит: +50 %',
            titleKz: '4-депозит: +50 %',
            percent: 50,
            wager: 35,
            limits: welcomeLimits(0.5),
          },
        ])
        .onConflictDoNothing();
      await tx
        .insert(operatorSettings)
        .values({
          key: WELCOME_PACK_TITLE_SETTING,
          value: {
            en: 'Welcome pack: bonuses on your first 4 deposits and 75 free spins',
            ru: 'Приветственный пакет: бонусы на первые 4 депозита и 75 фриспинов',
            kz: 'Қош келдіңіз пакеті: алғашқы 4 депозитке бонустар және 75 фриспин',
          },
          description: 'Public title of the welcome pack: { en, ru, kz }',
        })
        .onConflictDoNothing();

      // The demo players (when seeded: not in production) hold spins, so /profile/bonuses has something
      // to show.
      const now = new Date();
      const demo = await tx
        .select({ id: users.id, currency: users.currency })
        .from(users)
        .where(or(eq(users.email, DEMO_USERS.email.email), eq(users.phone, DEMO_USERS.phone.phone)));
      for (const user of demo) {
        for (const [campaign, days] of [
          [bookOfAurum.id, 30],
          [goldRush.id, 14],
        ] as const) {
          await grantFreeSpins(tx, {
            userId: user.id,
            campaignId: campaign,
            currency: user.currency,
            days,
            now,
          });
        }
      }
    },
  },
  {
    // The demo cases of the provably fair games (DEMO_CASES above); prices and multipliers stored exactly.
    id: '0005-cases',
    async run(tx) {
      for (const [index, demo] of DEMO_CASES.entries()) {
        const [row] = await tx
          .insert(gameCases)
          .values({
            slug: demo.slug,
            nameEn: demo.name.en,
            nameRu: demo.name.ru,
            nameKz: demo.name.kz,
            prices: {
              RUB: Math.round(demo.prices.RUB * 100),
              USD: Math.round(demo.prices.USD * 100),
              KZT: Math.round(demo.prices.KZT * 100),
              INR: Math.round(demo.prices.INR * 100),
              EUR: Math.round(demo.prices.EUR * 100),
            },
            sort: (index + 1) * 10,
          })
          .onConflictDoNothing()
          .returning({ id: gameCases.id });
        if (!row) continue;
        await tx.insert(gameCaseItems).values(
          demo.items.map(([en, ru, kz, rolls, multiplier, rarity], position) => ({
            caseId: row.id,
            nameEn: en,
            nameRu: ru,
            nameKz: kz,
            rolls,
            multiplierScaled: Math.round(multiplier * 10_000),
            rarity,
            position,
          })),
        );
      }
    },
  },
  {
    // The sandbox provider's payout methods (issue 15): cards and phones per currency, a crypto wallet
    // (the `crypto-payouts` of GET /api/v2/billing/data). Limits beneath the spec's minimum payout are
    // raised to it by the server.
    id: '0006-payout-methods',
    async run(tx) {
      const p = (
        hash: string,
        type: 'card' | 'phone' | 'crypto',
        nameEn: string,
        nameRu: string,
        currency: string,
        [min, max]: [number, number],
        fee: number,
        sort: number,
      ) => ({
        hash,
        provider: 'sandbox',
        type,
        nameEn,
        nameRu,
        currency,
        minMinor: BigInt(min) * 100n,
        maxMinor: BigInt(max) * 100n,
        feeMinor: BigInt(Math.round(fee * 100)),
        sort,
      });
      await tx
        .insert(payoutMethods)
        .values([
          p('sandbox-payout-card-rub', 'card', 'Bank card', 'Банковская карта', 'RUB', [100, 150_000], 0, 10),
          p(
            'sandbox-payout-sbp-rub',
            'phone',
            'SBP (by phone)',
            'СБП (по номеру телефона)',
            'RUB',
            [100, 100_000],
            0,
            20,
          ),
          p(
            'sandbox-payout-usdt-rub',
            'crypto',
            'USDT (TRC-20)',
            'USDT (TRC-20)',
            'RUB',
            [1_000, 300_000],
            50,
            30,
          ),
          p('sandbox-payout-card-kzt', 'card', 'Bank card', 'Банковская карта', 'KZT', [500, 750_000], 0, 10),
          p('sandbox-payout-card-usd', 'card', 'Bank card', 'Банковская карта', 'USD', [1, 2_000], 0, 10),
          p('sandbox-payout-card-eur', 'card', 'Bank card', 'Банковская карта', 'EUR', [1, 2_000], 0, 10),
          p('sandbox-payout-card-inr', 'card', 'Bank card', 'Банковская карта', 'INR', [100, 150_000], 0, 10),
        ])
        .onConflictDoNothing();
    },
  },
  {
    // A crash chain with its salt (issue 16), so that a local `npm start` (and the e2e stack) plays crash
    // rounds at once. Only when no chain exists: an operator's own chains (`npm run admin -- crash chain
    // create`, `crash salt set`) are left alone, and a chain made later is played after this one.
    // Demo-only: in production the operator publishes the chain before choosing its salt.
    id: '0007-demo-crash-chain',
    demo: true,
    async run(tx) {
      const [existing] = await tx.select({ id: crashChains.id }).from(crashChains).limit(1);
      if (existing) return;
      const now = new Date();
      const chain = await createChain(tx, { length: DEMO_CRASH_CHAIN_LENGTH, now });
      const salted = await setChainSalt(tx, {
        salt: randomBytes(16).toString('hex'),
        chainId: chain.id,
        now,
      });
      if (!salted.done) throw new Error(`the demo crash chain's salt was not set: ${salted.reason}`);
    },
  },
  {
    // The seeded free-spin campaigns (step 0004) named games no provider has; they now point at the game
    // studio's slots (issue 17), so that the spins become free rounds of a game in the catalogue.
    id: '0008-studio-free-spin-games',
    async run(tx) {
      const games = [
        {
          from: 'book-of-aurum',
          to: 'aurora-wilds',
          name: 'Aurora Wilds',
          count: 50,
          ru: 'фриспинов в',
          kz: 'ойынында',
        },
        {
          from: 'gold-rush-express',
          to: 'golden-coins',
          name: 'Golden Coins: Hold and Win',
          count: 25,
          ru: 'фриспинов в',
          kz: 'ойынында',
        },
      ];
      for (const game of games) {
        await tx
          .update(freeSpinCampaigns)
          .set({
            gameId: game.to,
            gameName: game.name,
            nameEn: `${game.count} free spins in ${game.name}`,
            nameRu: `${game.count} ${game.ru} ${game.name}`,
            nameKz: `${game.name} ${game.kz} ${game.count} фриспин`,
          })
          .where(eq(freeSpinCampaigns.gameId, game.from));
      }
    },
  },
  {
    // Demo tournaments and home-page banners (issue 19), so that a local `npm start` shows a live lobby:
    // a week-long wager race over every game, running now, and a multiplier race starting tomorrow.
    id: '0009-demo-rewards',
    demo: true,
    async run(tx) {
      const now = Date.now();
      const day = 86_400_000;
      const text = (ru: string, en: string, kz: string) => ({ ru, en, kz });
      await createTournament(tx, {
        kind: 'wager',
        title: text('Недельная гонка ставок', 'Weekly wager race', 'Апталық бәс жарысы'),
        rules: text(
          'Каждый рубль ставки в любой игре — одно очко. Призы получают 10 лучших игроков.',
          'Every rouble wagered in any game is a point. The top 10 players win prizes.',
          'Кез келген ойындағы әр рубль бәс — бір ұпай. Үздік 10 ойыншы жүлде алады.',
        ),
        currency: 'RUB',
        rates: { USD: '90', EUR: '100', KZT: '0.2', INR: '1.1' },
        games: ['originals', 'slots', 'live', 'sports'],
        requiresJoin: false,
        pool: 50_000,
        prizes: [
          { from: 1, to: 1, amount: 20_000, toBalance: 'cash' },
          { from: 2, to: 2, amount: 10_000, toBalance: 'cash' },
          { from: 3, to: 3, amount: 5_000, toBalance: 'cash' },
          { from: 4, to: 10, poolPercent: 2, toBalance: 'bonus', wager: 5 },
        ],
        startsAt: new Date(now - day),
        endsAt: new Date(now + 6 * day),
      });
      await createTournament(tx, {
        kind: 'multiplier',
        title: text('Охота за множителем', 'Multiplier hunt', 'Көбейткіш аулау'),
        rules: text(
          'Очки — лучший множитель одной ставки от 10 ₽ в играх Aurum. Нужно вступить.',
          'Points are the best multiplier of one bet of 10 ₽ or more in the Aurum originals. Join to take part.',
          'Ұпай — Aurum ойындарындағы 10 ₽-ден бір бәстің ең жақсы көбейткіші. Қатысу үшін қосылыңыз.',
        ),
        currency: 'RUB',
        games: ['originals'],
        minStake: 10,
        requiresJoin: true,
        prizes: [
          { from: 1, to: 1, amount: 5_000, toBalance: 'cash' },
          { from: 2, to: 3, amount: 1_500, toBalance: 'cash' },
        ],
        startsAt: new Date(now + day),
        endsAt: new Date(now + 4 * day),
      });
      await tx.insert(promoBanners).values([
        {
          title: text(
            'Приветственный пакет до 500 %',
            'Welcome pack up to 500 %',
            '500 %-ға дейін сәлемдесу пакеті',
          ),
          text: text(
            'Бонусы на первые четыре депозита',
            'Bonuses on your first four deposits',
            'Алғашқы төрт депозитке бонустар',
          ),
          href: '/welcome-pack',
          theme: 'gold',
          position: 1,
        },
        {
          title: text('VIP-клуб Aurum', 'The Aurum VIP club', 'Aurum VIP-клубы'),
          text: text(
            'Рейкбек, бонусы за уровень и каждую неделю',
            'Rakeback, level-up and weekly bonuses',
            'Рейкбек, деңгей және апталық бонустар',
          ),
          href: '/vip-club',
          theme: 'violet',
          position: 2,
        },
      ]);
    },
  },
];

export interface SeedOptions {
  /**
   * Whether the demo-only steps (demo players with published passwords) run. Default true, for tests and
   * benchmarks; the API server passes `config.nodeEnv !== 'production'`.
   */
  demo?: boolean;
}

/** Applies the steps not yet recorded; returns the ids applied now. */
export async function seedDatabase(
  db: Database,
  steps: SeedStep[] = seedSteps,
  { demo = true }: SeedOptions = {},
): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    if (step.demo && !demo) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const done = await tx.select({ id: seedRuns.id }).from(seedRuns).where(eq(seedRuns.id, step.id));
      if (done.length > 0) return false;
      await step.run(tx);
      await tx.insert(seedRuns).values({ id: step.id });
      return true;
    });
    if (ran) applied.push(step.id);
  }
  return applied;
}
