/**
 * The studio's state on disk (STUDIO_DATA_DIR/state.json): launches, seed pairs, feature states, free-round
 * rewards, the pending wallet calls and the table rounds. The studio is a provider of its own and does not
 * use the product's database. Every change that matters is saved before the studio acts on it (a bet is
 * saved as pending before it is sent), with an atomic write: a temporary file, fsync, rename. So a kill -9
 * at any point leaves the old or the new state, and a rollback once promised is never lost.
 *
 * Amounts are bigint in memory and `{"$bigint":"…"}` in the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Launch } from './launches';
import type { PendingCall } from './outbox';
import type { Reward } from './rewards';
import type { SeedPair } from './seeds';
import type { FeatureRecord } from './slots';
import type { TableRecord } from './tables';

export interface StudioState {
  launches: Record<string, Launch>;
  seeds: Record<string, SeedPair>;
  features: Record<string, FeatureRecord>;
  rewards: Record<string, Reward>;
  outbox: Record<string, PendingCall>;
  tables: Record<string, TableRecord>;
}

export interface Store {
  readonly state: StudioState;
  /** Writes the whole state atomically (synchronously: the caller acts only once it is on disk). */
  save(): void;
}

const empty = (): StudioState => ({
  launches: {},
  seeds: {},
  features: {},
  rewards: {},
  outbox: {},
  tables: {},
});

const replacer = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? { $bigint: value.toString() } : value;

const reviver = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && typeof (value as { $bigint?: unknown }).$bigint === 'string'
    ? BigInt((value as { $bigint: string }).$bigint)
    : value;

export function openStore(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'state.json');
  const temp = `${file}.tmp`;
  let state = empty();
  if (fs.existsSync(file)) {
    state = { ...empty(), ...(JSON.parse(fs.readFileSync(file, 'utf8'), reviver) as Partial<StudioState>) };
  }
  return {
    state,
    save() {
      const fd = fs.openSync(temp, 'w');
      try {
        fs.writeSync(fd, JSON.stringify(state, replacer));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temp, file);
    },
  };
}
