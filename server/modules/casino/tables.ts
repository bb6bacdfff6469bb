/**
 * The live tables' state (`GET /casino/tables`) as the aggregator reports it, kept for TABLES_CACHE_MS in
 * this process so that every lobby visitor does not make a call of their own: one call at a time, its
 * answer shared. An aggregator that does not answer makes `{ items: [], available: false }`, kept as long.
 */
import type { CasinoTables } from '@/lib/contracts/casino';
import type { Clock } from '../../lib/clock';
import type { AggregatorClient } from './aggregator-client';

export const TABLES_CACHE_MS = 2_000;

export function tablesCache(
  client: AggregatorClient,
  clock: Clock,
  onError: (error: unknown) => void,
  ttlMs = TABLES_CACHE_MS,
): () => Promise<CasinoTables> {
  let cached: { at: number; value: CasinoTables } | undefined;
  let loading: Promise<CasinoTables> | undefined;
  const load = () =>
    (loading ??= (async () => {
      const at = clock().getTime();
      let value: CasinoTables;
      try {
        const tables = await client.tables();
        value = {
          available: true,
          items: tables.map((table) => ({
            game_code: table.game_code,
            round_id: table.round_id,
            phase: table.phase,
            ends_at: table.ends_at ?? null,
            players: table.players,
            last_results: table.last_results,
          })),
        };
      } catch (error) {
        onError(error);
        value = { available: false, items: [] };
      }
      cached = { at, value };
      loading = undefined;
      return value;
    })());
  return async () => (cached && clock().getTime() - cached.at < ttlMs ? cached.value : load());
}
