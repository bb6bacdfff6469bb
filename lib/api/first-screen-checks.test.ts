import { describe, expect, it } from 'vitest';
import { agree } from '@/tests/utils/agree-with-contract';
import * as bonusContract from '@/lib/contracts/bonuses';
import * as crashContract from '@/lib/contracts/crash';
import * as gameContract from '@/lib/contracts/games';
import { isPromoCode } from '@/lib/contracts/promo-code';
import * as supportContract from '@/lib/contracts/support';
import * as trafficContract from '@/lib/contracts/traffic';
import { ResponseShapeError } from './check';
import * as checks from './first-screen-checks';
import { mirrorSchema } from './mirror';

/** `base` with each listed key replaced by each of its values: one variant per replacement. */
function variants(base: Record<string, unknown>, replacements: Record<string, unknown[]>) {
  return Object.entries(replacements).flatMap(([key, values]) =>
    values.map((value) => {
      const copy: Record<string, unknown> = { ...base };
      if (value === MISSING) delete copy[key];
      else copy[key] = value;
      return copy;
    }),
  );
}
const MISSING = Symbol('missing');

const bonus = {
  code: 'WELCOME100',
  name: 'Welcome',
  description: '+100 %',
  percent: 100,
  min_deposit: 500,
  max_bonus: 10_000.5,
  wager: 35,
  currency: 'RUB',
  expires_in: 3600,
  region: null,
};
const activation = {
  ...bonus,
  id: 7,
  source: 'promo',
  status: 'waiting',
  amount: 0,
  wager_required: 0.29,
  wagered: 12.34,
  created_at: '2031-01-01T00:00:00Z',
};
const stage = {
  stage: 1,
  deposit_number: 1,
  title: '1st deposit',
  percent: 100,
  min_deposit: 500,
  max_bonus: 20_000,
  wager: 35,
  free_spins: 50,
  status: null,
};
const pack = { publicTitle: 'Welcome pack', currency: 'KZT', deposits_made: null, stages: [stage] };

describe('first-screen checks agree with the contracts', () => {
  it('ok reply of the attribution calls', () => {
    agree(
      checks.okReply,
      trafficContract.okReply,
      [{ ok: true }, { ok: true, extra: 1 }],
      [{ ok: false }, {}, null, 'ok'],
    );
  });

  it('IP report reply', () => {
    agree(
      checks.clientReportReply,
      trafficContract.clientReportReply,
      [{ ip: '203.0.113.7' }, { ip: '', more: true }],
      [{ ip: null }, {}, { ip: 7 }, []],
    );
  });

  it('UTM reply', () => {
    const reply = { advId: 'adv-1', promo: { type: 'bonus_percent', value: 50 } };
    agree(
      checks.utmReply,
      trafficContract.utmReply,
      [reply, { advId: 'a', promo: null }, { ...reply, promo: { type: 'promo_code', value: 'X1' } }],
      variants(reply, {
        advId: [null, MISSING],
        promo: [MISSING, { type: 'x' }, { type: 'x', value: true }],
      }),
    );
  });

  it('support chat', () => {
    const reply = {
      region: 'KZ',
      variant: 'KZ',
      app_id: 'app',
      script_url: 'https://widget.example/app',
      button_image_url: null,
      user: { app_id: 'app', email: null, user_id: '12', user_hash: 'abc' },
    };
    agree(
      checks.supportChatReply,
      supportContract.supportChatReply,
      [reply, { ...reply, variant: null, app_id: null, script_url: null, user: null, extra: 'dropped' }],
      [
        ...variants(reply, {
          region: ['DE', null, MISSING],
          variant: ['XX', MISSING],
          app_id: [1, MISSING],
          user: [{ app_id: 'app' }, { ...reply.user, user_id: 12 }, MISSING],
        }),
      ],
    );
  });

  it('bonus offer', () => {
    agree(
      checks.bonus,
      bonusContract.bonus,
      [bonus, { ...bonus, region: 'KZ', currency: 'EUR', extra: 1 }],
      variants(bonus, {
        percent: [1.5, '100', MISSING],
        min_deposit: [0.001, 'x'],
        currency: ['GBP', null],
        expires_in: [1.2],
        region: ['DE', MISSING],
        code: [null, 7],
      }),
    );
  });

  it('waiting bonus', () => {
    agree(
      checks.waitingBonusReply,
      bonusContract.waitingBonusReply,
      [
        { bonus: null },
        { bonus: activation },
        { bonus: { ...activation, source: 'welcome_pack', status: 'active' } },
      ],
      [
        {},
        { bonus: undefined },
        ...variants(activation, {
          id: [null, 1.5],
          source: ['other'],
          status: ['paid'],
          amount: [0.005],
          created_at: [MISSING],
        }).map((value) => ({ bonus: value })),
      ],
    );
  });

  it('welcome pack', () => {
    agree(
      checks.welcomePackReply,
      bonusContract.welcomePackReply,
      [
        pack,
        { ...pack, publicTitle: null, deposits_made: 2, stages: [] },
        { ...pack, stages: [stage, { ...stage, stage: 2, status: 'current', extra: true }] },
      ],
      [
        ...variants(pack, {
          publicTitle: [MISSING, 3],
          currency: ['XYZ'],
          deposits_made: [1.5, MISSING],
          stages: [null, {}, [null]],
        }),
        ...variants(stage, { free_spins: [null], status: ['open', MISSING], max_bonus: [1e-3] }).map(
          (broken) => ({ ...pack, stages: [stage, broken] }),
        ),
      ],
    );
  });

  it('game limits', () => {
    const reply = {
      currency: 'RUB',
      limits: { dice: { min: 1, max: 10_000 }, coinflip: { min: 0.5, max: 500.25 } },
    };
    agree(
      checks.gameLimitsReply,
      gameContract.gameLimitsReply,
      [
        reply,
        { currency: 'KZT', limits: {} },
        { ...reply, limits: { ...reply.limits, keno: { min: 1, max: 2, x: 0 } } },
      ],
      [
        ...variants(reply, { currency: ['XYZ', MISSING], limits: [null, [], MISSING] }),
        { ...reply, limits: { poker: { min: 1, max: 2 } } },
        { ...reply, limits: { dice: { min: 0.001, max: 2 } } },
        { ...reply, limits: { dice: { min: 1 } } },
        { ...reply, limits: { dice: null } },
      ],
    );
  });

  it('crash history', () => {
    const game = { id: 42, hash: 'ab'.repeat(32), crash_point: 2.5, started_at: '2031-01-01T00:00:00Z' };
    agree(
      checks.crashHistoryReply,
      crashContract.crashHistoryReply,
      [
        { items: [] },
        { items: [game, { ...game, id: 41, crash_point: 1, extra: true }] },
        { items: [], x: 1 },
      ],
      [
        null,
        { items: null },
        {},
        ...variants(game, {
          id: [1.5, '42', null, MISSING],
          hash: [null, 7, MISSING],
          crash_point: ['2.5', null, Number.POSITIVE_INFINITY, MISSING],
          started_at: [null, MISSING],
        }).map((item) => ({ items: [item] })),
      ],
    );
  });

  it('promo code rule', () => {
    for (const text of [
      'WELCOME100',
      ' kz-start_2 ',
      'A',
      'x'.repeat(64),
      '',
      '  ',
      'a b',
      'ü',
      'x'.repeat(65),
      '%',
    ]) {
      expect(isPromoCode(text), JSON.stringify(text)).toBe(bonusContract.promoCode.safeParse(text).success);
    }
  });
});

describe('the mirror check', () => {
  it('keeps the fields the app reads and every other key, each possibly missing or null', () => {
    const answer = {
      redirect: { newLink: 'https://new.example', other: 1 },
      sso: null,
      verification: 'google-abc',
      telegram_channel_url: 'https://t.me/aurum',
      unknown: 'kept',
    };
    expect(mirrorSchema.parse(answer)).toEqual(answer);
    expect(mirrorSchema.parse({})).toEqual({});
    expect(mirrorSchema.parse({ redirect: null })).toEqual({ redirect: null });
  });

  it('refuses an answer of another shape, naming where', () => {
    expect(() => mirrorSchema.parse('<html>')).toThrow(ResponseShapeError);
    expect(() => mirrorSchema.parse({ sso: 7 })).toThrow('invalid response at sso: expected a string');
    expect(() => mirrorSchema.parse({ redirect: { newLink: false } })).toThrow('at redirect.newLink');
  });
});
