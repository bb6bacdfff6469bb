import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { seedDatabase } from '../../db/seed';
import { client, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { auditLog } from '../audit/schema';
import { assertLedgerInvariants } from '../ledger/invariants';

const { app, db } = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
await seedDatabase(db);

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

const get = (url: string, token?: string) => client(app).get(url, token);

describe('npm run admin -- promo', () => {
  it('lists, creates, disables and enables promo codes', async () => {
    const listed = await admin('promo', 'list');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(
      /^CODE\s+PERCENT\s+WAGER\s+REGION\s+WAIT\s+ENDS \(UTC\)\s+ENABLED\s+MIN\/MAX PER CURRENCY$/,
    );
    expect(lines[1]).toMatch(
      /^WELCOME100\s+100%\s+x35\s+any\s+7d\s+-\s+yes\s+RUB 500\.00\/50000\.00, USD 5\.00\/500\.00/,
    );
    expect(lines[2]).toMatch(/^KZSTART\s+150%\s+x40\s+KZ\s+7d\s+-\s+yes\s+KZT 5000\.00\/300000\.00$/);

    const created = await admin(
      'promo',
      'create',
      'spring25',
      '--percent',
      '25',
      '--wager',
      '20.5',
      '--limit',
      'RUB:1000:5000',
      '--limit',
      'usd:10:50.5',
      '--name-en',
      'Spring +25 %',
      '--name-ru',
      'Весна +25 %',
      '--ends-at',
      '2099-06-01',
      '--wait-days',
      '3',
    );
    expect(created, created.err).toMatchObject({ code: 0 });
    expect(created.out).toBe(
      'Created SPRING25: 25% up to RUB 1000.00/5000.00, USD 10.00/50.50, wager x20.5, region any, waits 3 days, ends 2099-06-01 00:00:00.',
    );
    const offer = await client(app).request('GET', '/bonus-system/bonus/Spring25?currency=USD', {
      headers: { 'accept-language': 'ru' },
    });
    expect(offer.json()).toMatchObject({
      code: 'SPRING25',
      name: 'Весна +25 %',
      description: '',
      percent: 25,
      wager: 20.5,
      min_deposit: 10,
      max_bonus: 50.5,
    });
    expect(
      (
        await admin(
          'promo',
          'create',
          'SPRING25',
          '--percent',
          '1',
          '--wager',
          '1',
          '--limit',
          'RUB:1:1',
          '--name-en',
          'x',
        )
      ).code,
    ).toBe(1);

    expect(await admin('promo', 'disable', 'spring25')).toMatchObject({ code: 0, out: 'Disabled SPRING25.' });
    expect((await get('/bonus-system/bonus/SPRING25')).statusCode).toBe(404);
    expect(await admin('promo', 'enable', 'SPRING25')).toMatchObject({ code: 0, out: 'Enabled SPRING25.' });
    expect((await get('/bonus-system/bonus/SPRING25')).statusCode).toBe(200);
    expect(await admin('promo', 'disable', 'NOPE')).toMatchObject({
      code: 1,
      err: 'Error: No promo code NOPE.',
    });
  });

  it('checks its arguments before connecting', async () => {
    const base = ['--percent', '10', '--wager', '5', '--limit', 'RUB:100:1000', '--name-en', 'X'];
    const cases: [string[], RegExp][] = [
      [['promo', 'create'], /a promo code is required/],
      [['promo', 'create', 'bad code', ...base], /is not a promo code/],
      [['promo', 'create', 'X1', ...base.slice(2)], /--percent must be a whole number from 1 to 1000/],
      [['promo', 'create', 'X1', ...base, '--percent', '1001'], /--percent must be a whole number/],
      [
        ['promo', 'create', 'X1', '--percent', '10', '--limit', 'RUB:1:2', '--name-en', 'X'],
        /--wager X is required/,
      ],
      [
        ['promo', 'create', 'X1', '--percent', '10', '--wager', '5', '--name-en', 'X'],
        /at least one --limit/,
      ],
      [['promo', 'create', 'X1', ...base, '--limit', 'GBP:1:2'], /currency must be one of/],
      [['promo', 'create', 'X1', ...base, '--limit', 'RUB:1:2'], /RUB is given twice/],
      [
        ['promo', 'create', 'X1', '--percent', '1', '--wager', '1', '--limit', 'RUB:1:0', '--name-en', 'X'],
        /must be positive/,
      ],
      [
        ['promo', 'create', 'X1', '--percent', '1', '--wager', '1', '--limit', 'RUB:x:1', '--name-en', 'X'],
        /is not an amount/,
      ],
      [['promo', 'create', 'X1', ...base, '--region', 'US'], /--region must be KZ or RU/],
      [['promo', 'create', 'X1', ...base, '--ends-at', 'soon'], /--ends-at must be a date/],
      [
        ['promo', 'create', 'X1', ...base, '--starts-at', '2031-02-01', '--ends-at', '2031-01-01'],
        /before --ends-at/,
      ],
      [
        ['promo', 'create', 'X1', ...base, '--wait-days', '0'],
        /--wait-days must be a whole number from 1 to 365/,
      ],
      [['promo', 'create', 'X1', ...base.slice(0, 6)], /--name-en TEXT is required/],
      [['promo', 'disable'], /a promo code is required/],
      [['promo', 'list', 'extra'], /unexpected arguments: extra/],
    ];
    for (const [argv, message] of cases) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, connected: false });
      expect(result.err, argv.join(' ')).toMatch(message);
    }
  });
});

describe('npm run admin -- welcome-pack', () => {
  it('lists, sets and disables stages, and sets the title', async () => {
    const listed = await admin('welcome-pack', 'list');
    expect(listed.out.split('\n')[0]).toBe(
      'Title: Welcome pack: bonuses on your first 4 deposits and 75 free spins | ru: Приветственный пакет: бонусы на первые 4 депозита и 75 фриспинов | kz: Қош келдіңіз пакеті: алғашқы 4 депозитке бонустар және 75 фриспин',
    );
    expect(listed.out).toMatch(
      /\n1\s+#1\s+100%\s+x35\s+campaign 1\s+yes\s+1st deposit: \+100 % and 50 free spins\s+RUB 500\.00\/50000\.00/,
    );
    expect(listed.out.split('\n')).toHaveLength(6);

    const set = await admin(
      'welcome-pack',
      'set-stage',
      '5',
      '--percent',
      '30',
      '--wager',
      '25',
      '--limit',
      'RUB:1000:20000',
      '--title-en',
      '5th deposit: +30 %',
      '--free-spins',
      '2',
    );
    expect(set, set.err).toMatchObject({ code: 0 });
    expect(set.out).toBe(
      'Stage 5 (deposit #5): 30% up to RUB 1000.00/20000.00, wager x25, free spins of campaign 2.',
    );
    const guest = (await get('/api/v3/welcome-pack/get-welcome-packs-guest')).json();
    expect(guest.stages.at(-1)).toMatchObject({
      stage: 5,
      deposit_number: 5,
      title: '5th deposit: +30 %',
      free_spins: 25,
    });
    // RUB only: a USD guest does not see it.
    expect(
      (await get('/api/v3/welcome-pack/get-welcome-packs-guest?currency=USD')).json().stages,
    ).toHaveLength(4);

    const taken = await admin(
      'welcome-pack',
      'set-stage',
      '6',
      '--deposit',
      '1',
      '--percent',
      '1',
      '--wager',
      '1',
      '--limit',
      'RUB:1:1',
      '--title-en',
      'x',
    );
    expect(taken).toMatchObject({ code: 1, err: 'Error: Another stage is paid on deposit #1.' });
    const noCampaign = await admin(
      'welcome-pack',
      'set-stage',
      '6',
      '--percent',
      '1',
      '--wager',
      '1',
      '--limit',
      'RUB:1:1',
      '--title-en',
      'x',
      '--free-spins',
      '999',
    );
    expect(noCampaign).toMatchObject({ code: 1, err: 'Error: No free-spin campaign 999.' });

    const title = await admin(
      'welcome-pack',
      'set-title',
      '--en',
      'Five deposits, five bonuses',
      '--ru',
      'Пять депозитов',
    );
    expect(title).toMatchObject({ code: 0, out: 'Welcome pack title: Five deposits, five bonuses' });
    expect((await get('/api/v3/welcome-pack/get-welcome-packs-guest')).json().publicTitle).toBe(
      'Five deposits, five bonuses',
    );

    for (const stage of ['1', '2', '3', '4', '5']) {
      expect(await admin('welcome-pack', 'disable-stage', stage)).toMatchObject({
        code: 0,
        out: `Disabled stage ${stage}.`,
      });
    }
    expect((await get('/api/v3/welcome-pack/get-welcome-packs-guest')).json()).toEqual({
      publicTitle: null,
      currency: 'RUB',
      deposits_made: null,
      stages: [],
    });
    // A deposit now earns nothing.
    const { token } = await signUpByEmail(app);
    await deposit(app, token, 1000);
    expect((await get('/bonus-system/bonus-activations', token)).json().items).toEqual([]);
    expect(await admin('welcome-pack', 'disable-stage', '9')).toMatchObject({
      code: 1,
      err: 'Error: No stage 9.',
    });

    // set-stage enables it again.
    expect(
      (
        await admin(
          'welcome-pack',
          'set-stage',
          '1',
          '--percent',
          '100',
          '--wager',
          '35',
          '--limit',
          'RUB:500:50000',
          '--title-en',
          'Back',
        )
      ).code,
    ).toBe(0);
    expect((await get('/api/v3/welcome-pack/get-welcome-packs-guest')).json().stages).toMatchObject([
      { stage: 1, title: 'Back' },
    ]);
  });

  it('checks its arguments before connecting', async () => {
    const cases: [string[], RegExp][] = [
      [['welcome-pack', 'set-stage'], /a stage number is required/],
      [
        [
          'welcome-pack',
          'set-stage',
          '0',
          '--percent',
          '1',
          '--wager',
          '1',
          '--limit',
          'RUB:1:1',
          '--title-en',
          'x',
        ],
        /the stage must be a whole number from 1 to 100/,
      ],
      [
        ['welcome-pack', 'set-stage', '2', '--percent', '1', '--wager', '1', '--limit', 'RUB:1:1'],
        /--title-en TEXT is required/,
      ],
      [
        [
          'welcome-pack',
          'set-stage',
          '2',
          '--percent',
          '1',
          '--wager',
          '1',
          '--limit',
          'RUB:1:1',
          '--title-en',
          'x',
          '--free-spins',
          'lots',
        ],
        /--free-spins must be/,
      ],
      [['welcome-pack', 'disable-stage', 'x'], /the stage must be a whole number/],
      [['welcome-pack', 'set-title'], /--en TEXT is required/],
      [['welcome-pack', 'set-title', '--en', '  '], /--en must not be empty/],
    ];
    for (const [argv, message] of cases) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, connected: false });
      expect(result.err, argv.join(' ')).toMatch(message);
    }
  });
});

describe('npm run admin -- freespins', () => {
  it('lists and creates campaigns, grants and revokes spins', async () => {
    const campaigns = await admin('freespins', 'campaigns');
    expect(campaigns.out.split('\n')).toHaveLength(3);
    expect(campaigns.out).toMatch(
      /\n1\s+50 free spins in Aurora Wilds\s+aurora-wilds\s+50\s+x30\s+-\s+yes\s+RUB 10\.00, USD 0\.10, KZT 50\.00/,
    );

    const created = await admin(
      'freespins',
      'create-campaign',
      '--name-en',
      '10 spins in Lucky Lanterns',
      '--game-id',
      'lucky-lanterns',
      '--game-name',
      'Lucky Lanterns',
      '--count',
      '10',
      '--bet',
      'RUB:5',
      '--wager',
      '20',
    );
    expect(created).toMatchObject({ code: 0, out: 'Created campaign 3: 10 spins in Lucky Lanterns.' });

    const { email, token } = await signUpByEmail(app);
    const granted = await admin('freespins', 'grant', email, '3', '--days', '2');
    expect(granted, granted.err).toMatchObject({ code: 0 });
    expect(granted.out).toMatch(
      /^Granted 10 spins of campaign 3 to user \d+, usable until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/,
    );
    expect((await get('/profile/freeSpins', token)).json().data).toMatchObject([
      { campaign_id: 3, count: 10, bet: 5, game: { id: 'lucky-lanterns', name: 'Lucky Lanterns' } },
    ]);
    const { email: usd } = await signUpByEmail(app, { currency: 'USD' });
    expect(await admin('freespins', 'grant', usd, '3')).toMatchObject({
      code: 1,
      err: 'Error: Campaign 3 has no bet in USD.',
    });
    expect(await admin('freespins', 'grant', email, '99')).toMatchObject({
      code: 1,
      err: 'Error: Campaign 99 does not exist.',
    });
    expect((await admin('freespins', 'grant', 'nobody@example.com', '3')).code).toBe(1);

    expect(await admin('freespins', 'revoke', email, '3', '--operator', 'rita')).toMatchObject({ code: 0 });
    expect((await get('/profile/freeSpins', token)).json().data).toEqual([]);
    expect((await admin('freespins', 'revoke', email, '3')).code).toBe(1);

    // The audit log holds the grant and the revocation of the user's spins (the failed calls left none).
    const userId = Number(/to user (\d+)/.exec(granted.out)![1]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.subjectType, e.before, e.after])).toEqual([
      [
        'freespins.grant',
        'free_spins',
        null,
        { campaign_id: 3, status: 'active', count_left: 10, expiration_at: expect.any(String) },
      ],
      [
        'freespins.revoke',
        'free_spins',
        { campaign_id: 3, status: 'active', count_left: 10, expiration_at: expect.any(String) },
        { campaign_id: 3, status: 'cancelled', count_left: 10, expiration_at: expect.any(String) },
      ],
    ]);
    expect(entries[1].actor).toBe('operator:rita');
    const [campaign] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'freespins.create_campaign'));
    expect(campaign).toMatchObject({
      subjectId: '3',
      before: null,
      after: { id: 3, count: 10, game_id: 'lucky-lanterns' },
    });
  });

  it('checks its arguments before connecting', async () => {
    const cases: [string[], RegExp][] = [
      [['freespins', 'grant', '1'], /expected <user> <campaign id>/],
      [['freespins', 'grant', '1', 'x'], /the campaign id must be a whole number/],
      [['freespins', 'grant', '1', '1', '--days', '0'], /--days must be a whole number from 1 to 365/],
      [['freespins', 'revoke', '1', '1', '2'], /unexpected arguments: 2/],
      [
        [
          'freespins',
          'create-campaign',
          '--name-en',
          'x',
          '--game-id',
          'Bad Slug',
          '--game-name',
          'x',
          '--count',
          '1',
          '--bet',
          'RUB:1',
          '--wager',
          '1',
        ],
        /--game-id must be a slug/,
      ],
      [
        [
          'freespins',
          'create-campaign',
          '--name-en',
          'x',
          '--game-id',
          'ok',
          '--game-name',
          'x',
          '--count',
          '1',
          '--wager',
          '1',
        ],
        /at least one --bet/,
      ],
      [
        [
          'freespins',
          'create-campaign',
          '--name-en',
          'x',
          '--game-id',
          'ok',
          '--game-name',
          'x',
          '--count',
          '0',
          '--bet',
          'RUB:1',
          '--wager',
          '1',
        ],
        /--count must be a whole number from 1 to 10000/,
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, connected: false });
      expect(result.err, argv.join(' ')).toMatch(message);
    }
  });
});

describe('npm run admin -- bonus list', () => {
  it('lists a player\u2019s bonuses and free spins', async () => {
    const { email, token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    expect((await admin('bonus', 'list', email)).out).toMatch(
      /^ID\s+SOURCE\s+STATUS\s+AMOUNT\s+WAGERED\s+CURRENCY\s+INVOICE\s+CREATED \(UTC\)\n\d+\s+promo WELCOME100\s+waiting\s+0\.00\s+0\.00\/0\.00\s+RUB\s+-\s+/,
    );
    const invoiceId = await deposit(app, token, 1000);
    const listed = await admin('bonus', 'list', email);
    expect(listed.out).toMatch(
      new RegExp(`promo WELCOME100\\s+active\\s+1000\\.00\\s+0\\.00/35000\\.00\\s+RUB\\s+${invoiceId}\\s`),
    );
    const { email: fresh } = await signUpByEmail(app);
    expect((await admin('bonus', 'list', fresh)).out).toMatch(/^User \d+ has no bonuses\.$/);
    expect((await admin('bonus', 'list', 'demo@aurum.example')).out).toMatch(
      /has no bonuses\.\nFree spins: campaign 2, 25 left, active, expires .*\nFree spins: campaign 1, 50 left, active/,
    );
    expect(await admin('bonus', 'list')).toMatchObject({ code: 2, connected: false });
    await assertLedgerInvariants(db);
  });

  it('appears in the help', async () => {
    const help = (await admin('help')).out;
    for (const usage of [
      /promo create <CODE> --percent N/,
      /welcome-pack set-stage <N>/,
      /freespins grant <user> <campaign id>/,
      /bonus list <user>/,
    ])
      expect(help).toMatch(usage);
  });
});
