import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveKeys, resolveSecret, SECRET_FILE_NAME } from './secret';

describe('resolveSecret', () => {
  it('uses JWT_SECRET when it is set', () => {
    const secret = 's'.repeat(40);
    expect(
      resolveSecret({ jwtSecret: secret, nodeEnv: 'production', dataDir: '/nonexistent' }).toString(),
    ).toBe(secret);
  });

  it('refuses to run in production without one', () => {
    expect(() =>
      resolveSecret({ jwtSecret: undefined, nodeEnv: 'production', dataDir: '/nonexistent' }),
    ).toThrow(/JWT_SECRET is required/);
  });

  it('makes one random secret per process in test, writing nothing', () => {
    const a = resolveSecret({ jwtSecret: undefined, nodeEnv: 'test', dataDir: '/nonexistent' });
    const b = resolveSecret({ jwtSecret: undefined, nodeEnv: 'test', dataDir: '/nonexistent' });
    expect(a.length).toBe(32);
    expect(a.equals(b)).toBe(true);
  });

  it('creates a secret under DATA_DIR in development once and reuses it (mode 0600)', async () => {
    const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'casino-secret-')), 'nested');
    try {
      const config = { jwtSecret: undefined, nodeEnv: 'development' as const, dataDir };
      const first = resolveSecret(config);
      const second = resolveSecret(config);
      expect(first.equals(second)).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
      const stat = await fs.stat(path.join(dataDir, SECRET_FILE_NAME));
      expect(stat.mode & 0o777).toBe(0o600);
    } finally {
      await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe('deriveKeys', () => {
  it('gives each purpose its own key', () => {
    const keys = deriveKeys(Buffer.from('k'.repeat(32)));
    const hex = Object.values(keys).map((key) => Buffer.from(key).toString('hex'));
    expect(new Set(hex).size).toBe(4);
    expect(deriveKeys(Buffer.from('k'.repeat(32)))).toEqual(keys);
  });
});
