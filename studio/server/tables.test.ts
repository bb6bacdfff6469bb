/** The live tables' schedule: betting, drawing, result, next round; one result for every seated player. */
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/fair/random';
import { drawRouletteRound } from '../games/roulette';
import { launch, pageCall, startTestStudio, startTestWallet, tempDataDir } from './testing';

const wallet = await startTestWallet();
const studio = await startTestStudio({
  STUDIO_DATA_DIR: tempDataDir(),
  STUDIO_WALLET_URL: wallet.url,
  STUDIO_TABLE_BETTING_MS: '1500',
  STUDIO_TABLE_RESULT_MS: '300',
});
afterAll(async () => {
  await studio.close();
  await wallet.close();
});

type TableView = {
  round: number;
  roundId: string;
  phase: string;
  players: number;
  serverSeedHash: string;
  clientSeed: string;
  revealed: { round: number; serverSeed: string; serverSeedHash: string } | null;
  result: { pocket: number } | null;
  lastResults: string[];
  mine: { status: string; winMinor: string | null; stakeMinor: string } | null;
};
const table = async (id: string) =>
  (await pageCall(studio, 'GET', `/play/${id}/table`)).body as unknown as TableView;

async function until(id: string, test: (view: TableView) => boolean): Promise<TableView> {
  for (;;) {
    const view = await table(id);
    if (test(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('studio roulette', () => {
  it('settles two players on one provably fair pocket and starts the next round', async () => {
    wallet.balances.set('player-21', 100_000_000);
    wallet.balances.set('player-22', 100_000_000);
    const one = await launch(studio, { game: 'studio-roulette', user: 'player-21', token: 't21' });
    const two = await launch(studio, { game: 'studio-roulette', user: 'player-22', token: 't22' });
    // A fresh round with time to bet.
    const start = await until(one, (view) => view.phase === 'result');
    const betting = await until(one, (view) => view.phase === 'betting' && view.round > start.round);
    await table(two);
    expect((await table(one)).players).toBe(2);

    const red = await pageCall(studio, 'POST', `/play/${one}/table/bet`, {
      bets: [{ type: 'red', amountMinor: '10000' }],
    });
    expect(red.status).toBe(200);
    const straight = await pageCall(studio, 'POST', `/play/${two}/table/bet`, {
      bets: [
        { type: 'straight', numbers: [17], amountMinor: '1000' },
        { type: 'odd', amountMinor: '10000' },
      ],
    });
    expect(straight.status).toBe(200);
    expect(
      (
        await pageCall(studio, 'POST', `/play/${two}/table/bet`, {
          bets: [{ type: 'even', amountMinor: '10000' }],
        })
      ).body.error,
    ).toBe('already-bet');

    const oneDone = await until(one, (view) => view.phase === 'result' && view.round === betting.round);
    const twoDone = await table(two);
    expect(twoDone.result).toEqual(oneDone.result);
    expect(oneDone.revealed!.round).toBe(betting.round);
    expect(sha256Hex(oneDone.revealed!.serverSeed)).toBe(betting.serverSeedHash);
    const pocket = drawRouletteRound({
      serverSeed: oneDone.revealed!.serverSeed,
      clientSeed: betting.clientSeed,
      nonce: betting.round,
    }).pocket;
    expect(oneDone.result!.pocket).toBe(pocket);
    expect(oneDone.lastResults[0]).toBe(String(pocket));
    expect(oneDone.mine!.status).toBe('settled');
    expect(twoDone.mine!.status).toBe('settled');
    await studio.outbox.drained();

    for (const user of ['player-21', 'player-22']) {
      const calls = wallet.calls.filter(
        (call) => call.body.user === user && call.path.startsWith('transaction/'),
      );
      expect(calls.map((call) => call.path)).toEqual(['transaction/bet', 'transaction/win']);
      expect(calls[0].body.round).toBe(betting.roundId);
      expect(calls[0].body.bet).toBe(user === 'player-21' ? 'red:10000' : 'straight 17:1000,odd:10000');
      expect(calls[1].body).toMatchObject({
        round_closed: true,
        reference_transaction_uuid: calls[0].body.transaction_uuid,
      });
    }
    const oneWin = BigInt(oneDone.mine!.winMinor!);
    expect(wallet.balances.get('player-21')).toBe(100_000_000 - 10_000_000 + Number(oneWin) * 1000);

    const next = await until(one, (view) => view.phase === 'betting' && view.round === betting.round + 1);
    expect(next.mine).toBeNull();
  });

  it('refuses a bet outside the betting window', async () => {
    const id = await launch(studio, { game: 'studio-baccarat' });
    await until(id, (view) => view.phase === 'drawing');
    const { status, body } = await pageCall(studio, 'POST', `/play/${id}/table/bet`, {
      bets: [{ type: 'banker', amountMinor: '1000' }],
    });
    expect(status).toBe(409);
    expect(body.error).toBe('betting-closed');
  });
});
