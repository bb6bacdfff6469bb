/**
 * The Games API client's failures, each a clear AggregatorError: a refused connection and a silent
 * server are `unavailable` (within the time limit), a 4xx is `refused` with the aggregator's code, a
 * reply off the contract is `invalid`; and the live tables' cache answers `available: false` meanwhile.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { startFakeServer } from '../../test/http-fake';
import { aggregatorClient, AggregatorError } from './aggregator-client';
import { tablesCache } from './tables';
import { startFakeStudio, STUDIO_SECRET } from './testing';

const studio = await startFakeStudio();
const silent = await startFakeServer(() => undefined);
afterAll(() => silent.close());

const clientAt = (baseUrl: string, timeoutMs = 2_000) =>
  aggregatorClient({ baseUrl, operatorId: 1, secret: STUDIO_SECRET, timeoutMs });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AggregatorError);
  return error as AggregatorError;
};

describe('aggregatorClient', () => {
  it('reports an aggregator that refuses connections or stays silent as unavailable', async () => {
    const closed = await startFakeServer(() => undefined);
    await closed.close();
    expect(await failure(clientAt(closed.url).gameList())).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('unreachable'),
    });
    const started = Date.now();
    expect(await failure(clientAt(silent.url, 300).tables())).toMatchObject({
      kind: 'unavailable',
      message: 'aggregator /game/tables: no answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps the aggregator’s error code of a refusal, and refuses answers off the contract', async () => {
    const signedWrong = aggregatorClient({ baseUrl: studio.url, operatorId: 1, secret: 'another-secret' });
    expect(await failure(signedWrong.gameList())).toMatchObject({
      kind: 'refused',
      code: 'RS_ERROR_INVALID_SIGNATURE',
    });
    const client = clientAt(studio.url);
    const refused = await failure(
      client.gameUrl({
        gameCode: 'nope',
        platform: 'desktop',
        lang: 'en',
        lobbyUrl: 'http://x.test/',
        depositUrl: 'http://x.test/',
        ip: '127.0.0.1',
        country: null,
      }),
    );
    expect(refused).toMatchObject({ kind: 'refused', code: 'RS_ERROR_INVALID_GAME' });
    studio.tables = [{ game_code: 'studio-roulette' }];
    expect(await failure(client.tables())).toMatchObject({ kind: 'invalid' });
  });

  it('answers the live tables as unavailable while the aggregator is down, then again once it is back', async () => {
    const clock = manualClock();
    const errors: unknown[] = [];
    const tables = tablesCache(clientAt(studio.url), clock, (e) => errors.push(e));
    studio.down = true;
    expect(await tables()).toEqual({ items: [], available: false });
    studio.down = false;
    studio.tables = [];
    expect(await tables()).toEqual({ items: [], available: false }); // cached for 2 s
    clock.advance(2_000);
    expect(await tables()).toEqual({ items: [], available: true });
    expect(errors).toHaveLength(1);
  });
});
