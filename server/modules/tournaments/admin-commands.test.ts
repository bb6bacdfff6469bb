import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { createTestApp } from '../../test/helpers';
import { newPlayer } from '../games/testing';
import { parsePrize } from './admin-commands';

const { app, db } = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin([...argv, '--operator', 'test'], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

describe('npm run admin -- tournament', () => {
  it('reads prize rows: places, a fixed amount or a pool share, cash or a bonus with its wager', () => {
    expect(parsePrize('1:5000')).toEqual({ from: 1, to: 1, amount: 5_000, toBalance: 'cash' });
    expect(parsePrize('2-3:20%')).toEqual({ from: 2, to: 3, poolPercent: 20, toBalance: 'cash' });
    expect(parsePrize('4-10:100.5:bonusx3')).toEqual({
      from: 4,
      to: 10,
      amount: 100.5,
      toBalance: 'bonus',
      wager: 3,
    });
    expect(() => parsePrize('first:100')).toThrow(/is not like/);
  });

  it('creates, lists, shows, ends and cancels, refusing bad input before it connects', async () => {
    const bad = await admin(
      'tournament',
      'create',
      '--kind',
      'lottery',
      '--title',
      'X',
      '--games',
      'dice',
      '--prize',
      '1:1',
      '--ends',
      '+1d',
    );
    expect(bad.code).toBe(2);
    expect(bad.connected).toBe(false);
    const reversed = await admin(
      'tournament',
      'create',
      '--kind',
      'wager',
      '--title',
      'X',
      '--games',
      'dice',
      '--prize',
      '1:1',
      '--prize',
      '1-2:5',
      '--ends',
      '+1d',
    );
    expect(reversed.code).toBe(1);
    expect(reversed.err).toContain('overlap');

    const created = await admin(
      'tournament',
      'create',
      '--kind',
      'multiplier',
      '--title',
      'Охота',
      '--title-en',
      'Hunt',
      '--games',
      'dice,crash',
      '--prize',
      '1:1000',
      '--prize',
      '2-3:10%:bonusx5',
      '--pool',
      '2000',
      '--min-stake',
      '10',
      '--join',
      '--ends',
      '+2h',
    );
    expect(created.code, created.err).toBe(0);
    const id = /Tournament (\d+) created: Hunt/.exec(created.out)![1]!;
    const reply = (await app.inject({ method: 'GET', url: `/tournaments/${id}` })).json();
    expect(reply.tournament).toMatchObject({
      title: { ru: 'Охота', en: 'Hunt', kz: 'Охота' },
      kind: 'multiplier',
      state: 'active',
      games: ['dice', 'crash'],
      requires_join: true,
      min_stake: 10,
      pool: 2_000,
      prize_total: 1_400,
    });
    expect(reply.tournament.prizes[1]).toEqual({
      from: 2,
      to: 3,
      amount: 200,
      pool_percent: 10,
      to_balance: 'bonus',
      wager: 5,
    });
    expect((await admin('tournament', 'list')).out).toMatch(
      new RegExp(`^${id}\\s+active\\s+multiplier\\s+Hunt`, 'm'),
    );
    await newPlayer(app, db);
    expect((await admin('tournament', 'show', id)).out).toContain('No points yet.');

    expect((await admin('tournament', 'end', id)).code).toBe(0);
    expect((await admin('tournament', 'cancel', id)).code).toBe(0);
    const again = await admin('tournament', 'cancel', id);
    expect(again.code).toBe(1);
    expect(again.err).toContain('cancelled');
    expect((await app.inject({ method: 'GET', url: `/tournaments/${id}` })).json().tournament.state).toBe(
      'cancelled',
    );
  });
});
