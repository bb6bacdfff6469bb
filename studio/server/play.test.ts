/**
 * Slot play through the page's calls against an in-memory wallet (testing.ts): demo spins move no money,
 * real spins bet and win in wallet units, refusals, retries of the same transaction, rollbacks, free
 * rounds, features across spins, and the state across a restart.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { launch, operatorCall, pageCall, startTestStudio, startTestWallet, tempDataDir } from './testing';

const wallet = await startTestWallet();
const dataDir = tempDataDir();
const env = { STUDIO_DATA_DIR: dataDir, STUDIO_WALLET_URL: wallet.url, STUDIO_WALLET_TIMEOUT_MS: '200' };
let studio = await startTestStudio(env);
afterAll(async () => {
  await studio.close();
  await wallet.close();
});

const spin = (id: string, payload: Record<string, unknown>) =>
  pageCall(studio, 'POST', `/play/${id}/spin`, payload);
const moneyCalls = (user: string) =>
  wallet.calls.filter((call) => call.body.user === user && call.path.startsWith('transaction/'));

describe('demo', () => {
  it('plays from a demo balance of 1000 FUN and never calls the wallet', async () => {
    const before = wallet.calls.length;
    const id = await launch(studio, { game: 'fruit-sevens' });
    const state = await pageCall(studio, 'GET', `/play/${id}/state`);
    expect(state.body).toMatchObject({ demo: true, currency: 'XXX', balanceMinor: '100000' });
    let balance = 100_000n;
    for (let i = 0; i < 20; i += 1) {
      const { status, body } = await spin(id, { amountMinor: '100' });
      expect(status).toBe(200);
      balance += BigInt(body.winMinor as string) - BigInt(body.stakeMinor as string);
      expect(body.balanceMinor).toBe(String(balance));
    }
    expect(wallet.calls.length).toBe(before);
  });
});

describe('real money', () => {
  it('sends the bet and a round-closing win in wallet units (1000 per minor unit)', async () => {
    wallet.balances.set('player-10', 500_000_000); // RUB 5000
    const id = await launch(studio, { game: 'jade-ways', user: 'player-10', token: 'tok-10' });
    const { status, body } = await spin(id, { amountMinor: '1000' }); // RUB 10
    expect(status).toBe(200);
    const [bet, win] = moneyCalls('player-10');
    expect(bet.path).toBe('transaction/bet');
    expect(bet.body).toMatchObject({
      token: 'tok-10',
      amount: 1_000_000,
      currency: 'RUB',
      game_code: 'jade-ways',
      is_free: false,
    });
    expect(win.path).toBe('transaction/win');
    expect(win.body).toMatchObject({
      reference_transaction_uuid: bet.body.transaction_uuid,
      round: bet.body.round,
      round_closed: true,
      amount: Number(body.winMinor) * 1000,
    });
    expect(BigInt(body.balanceMinor as string) * 1000n).toBe(BigInt(wallet.balances.get('player-10')!));
  });

  it('shows not enough money with the balance the wallet answered, and plays nothing', async () => {
    wallet.balances.set('player-11', 500_000); // RUB 5
    const id = await launch(studio, { game: 'fruit-sevens', user: 'player-11', token: 'tok-11' });
    const { status, body } = await spin(id, { amountMinor: '1000' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'not-enough-money', balanceMinor: '500' });
    expect(moneyCalls('player-11').map((call) => call.path)).toEqual(['transaction/bet']);
    const state = await pageCall(studio, 'GET', `/play/${id}/state`);
    expect((state.body.fair as { nonce: number }).nonce).toBe(0);
  });

  it('retries an unanswered bet with the same transaction uuid, then rolls it back', async () => {
    wallet.balances.set('player-12', 100_000_000);
    const id = await launch(studio, { game: 'fruit-sevens', user: 'player-12', token: 'tok-12' });
    wallet.drop.set('transaction/bet', 3);
    const { status, body } = await spin(id, { amountMinor: '1000' });
    expect(status).toBe(502);
    expect(body.error).toBe('rolled-back');
    await studio.outbox.drained();
    const calls = moneyCalls('player-12');
    expect(calls.map((call) => call.path)).toEqual([
      'transaction/bet',
      'transaction/bet',
      'transaction/bet',
      'transaction/rollback',
    ]);
    const uuids = new Set(calls.slice(0, 3).map((call) => call.body.transaction_uuid));
    expect(uuids.size).toBe(1);
    expect(new Set(calls.slice(0, 3).map((call) => call.body.request_uuid)).size).toBe(3);
    expect(calls[3].body.reference_transaction_uuid).toBe([...uuids][0]);
    expect(wallet.balances.get('player-12')).toBe(100_000_000);
  });

  it('retries a win that went unanswered until it is paid, with the same transaction uuid', async () => {
    wallet.balances.set('player-13', 100_000_000);
    const id = await launch(studio, { game: 'fruit-sevens', user: 'player-13', token: 'tok-13' });
    wallet.drop.set('transaction/win', 2);
    const { status } = await spin(id, { amountMinor: '1000' });
    expect(status).toBe(200);
    await studio.outbox.drained();
    const wins = moneyCalls('player-13').filter((call) => call.path === 'transaction/win');
    expect(wins).toHaveLength(3);
    expect(new Set(wins.map((call) => call.body.transaction_uuid)).size).toBe(1);
  });

  it('continues a feature at a stake of 0 until it ends, paying against the triggering bet', async () => {
    wallet.balances.set('player-14', 10_000_000_000);
    const id = await launch(studio, { game: 'golden-coins', user: 'player-14', token: 'tok-14' });
    let triggered: string | null = null;
    for (let i = 0; i < 2_000 && !triggered; i += 1) {
      const { body } = await spin(id, { amountMinor: '1000' });
      if (body.feature)
        triggered = moneyCalls('player-14').findLast((c) => c.path === 'transaction/bet')!.body
          .transaction_uuid as string;
    }
    expect(triggered).not.toBeNull();
    const betsBefore = moneyCalls('player-14').filter((call) => call.path === 'transaction/bet').length;
    let feature: { kind: string } | null = { kind: 'hold-and-win' };
    while (feature && feature.kind !== 'ended') {
      const { body } = await spin(id, { amountMinor: '1000' });
      expect(body.stakeMinor).toBe('0');
      feature = body.feature as { kind: string } | null;
    }
    const calls = moneyCalls('player-14');
    expect(calls.filter((call) => call.path === 'transaction/bet')).toHaveLength(betsBefore);
    const featureWins = calls.filter((call) => call.body.reference_transaction_uuid === triggered);
    expect(featureWins.at(-1)!.body.round_closed).toBe(true);
    expect(featureWins.slice(0, -1).every((call) => call.body.round_closed === false)).toBe(true);
  });
});

describe('free rounds', () => {
  it('offers the reward free spins, sends them flagged free at the reward bet, and counts them down', async () => {
    wallet.balances.set('player-15', 0);
    await operatorCall(studio, 'freebet/rewards/create', {
      operator_id: 1,
      user: 'player-15',
      currency: 'RUB',
      game_code: 'aurora-wilds',
      bet_count: 2,
      bet_value: 2_000_000,
      reward_uuid: 'reward-15',
    });
    const id = await launch(studio, { game: 'aurora-wilds', user: 'player-15', token: 'tok-15' });
    const state = await pageCall(studio, 'GET', `/play/${id}/state`);
    expect(state.body.freeRounds).toEqual({ left: 2, stakeMinor: '2000' });
    for (let i = 0; i < 2; i += 1) {
      const { status } = await spin(id, { free: true });
      expect(status).toBe(200);
      // A free spin that started free spins plays them out before the next reward round.
      for (let more = 0; more < 200; more += 1) {
        const now = await pageCall(studio, 'GET', `/play/${id}/state`);
        if (!now.body.feature) break;
        await spin(id, {});
      }
    }
    const bets = moneyCalls('player-15').filter((call) => call.path === 'transaction/bet');
    expect(bets).toHaveLength(2);
    expect(
      bets.every(
        (call) =>
          call.body.is_free === true &&
          call.body.reward_uuid === 'reward-15' &&
          call.body.amount === 2_000_000,
      ),
    ).toBe(true);
    const wins = moneyCalls('player-15').filter((call) => call.path === 'transaction/win');
    expect(wins.every((call) => call.body.is_free === true && call.body.reward_uuid === 'reward-15')).toBe(
      true,
    );
    expect((await pageCall(studio, 'GET', `/play/${id}/state`)).body.freeRounds).toBeNull();
    expect((await spin(id, { free: true })).body.error).toBe('no-free-rounds');
    const { body } = await operatorCall(studio, 'freebet/rewards/list', {
      operator_id: 1,
      user: 'player-15',
    });
    expect(body).toEqual([expect.objectContaining({ status: 'used', bet_count_left: 0 })]);
  });
});

describe('across a restart', () => {
  it('keeps launches, seeds and a promised rollback that the wallet did not take yet', async () => {
    wallet.balances.set('player-16', 100_000_000);
    const id = await launch(studio, { game: 'fruit-sevens', user: 'player-16', token: 'tok-16' });
    await spin(id, { amountMinor: '1000' });
    const seedsBefore = (await pageCall(studio, 'GET', `/play/${id}/state`)).body.fair;
    // Every bet and rollback call goes unanswered: the bet is given up, its rollback waits in the queue.
    wallet.drop.set('transaction/bet', 3);
    wallet.drop.set('transaction/rollback', 1_000);
    expect((await spin(id, { amountMinor: '1000' })).body.error).toBe('rolled-back');
    expect(studio.outbox.pending()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600)); // one rollback attempt goes unanswered
    await studio.close();
    wallet.drop.clear();

    studio = await startTestStudio(env);
    expect((await pageCall(studio, 'GET', `/play/${id}/state`)).body.fair).toEqual(seedsBefore);
    await studio.outbox.drained();
    const rollbacks = moneyCalls('player-16').filter((call) => call.path === 'transaction/rollback');
    expect(rollbacks.length).toBeGreaterThan(1);
    expect(new Set(rollbacks.map((call) => call.body.transaction_uuid)).size).toBe(1);
    const lastBet = moneyCalls('player-16').findLast((call) => call.path === 'transaction/bet')!;
    expect(rollbacks[0].body.reference_transaction_uuid).toBe(lastBet.body.transaction_uuid);
    expect(studio.outbox.pending()).toBe(0);
  });
});
