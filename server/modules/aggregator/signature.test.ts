/** Which signatures the wallet takes: HMAC with the shared or derived secret, RSA with the aggregator's key. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signAggregatorRequest,
  signAggregatorRequestRsa,
  verifyAggregatorHmac,
  verifyAggregatorRsa,
} from '@/lib/aggregator/signature';
import { createTestApp, testConfig } from '../../test/helpers';
import { loadConfig } from '../../config';
import { aggregatorSecret, walletVerifier } from './signature';
import { sendWallet, uuid, walletPlayer } from './testing';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const body = Buffer.from('{"user":"player-1","request_uuid":"r"}');

describe('signAggregatorRequest and the checks', () => {
  it('signs the raw bytes with HMAC-SHA256 in base64 and checks it in constant time', () => {
    const signature = signAggregatorRequest(body, 's3cret');
    expect(signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(verifyAggregatorHmac(body, signature, 's3cret')).toBe(true);
    expect(verifyAggregatorHmac(body.toString('utf8'), signature, Buffer.from('s3cret'))).toBe(true);
    expect(verifyAggregatorHmac(Buffer.concat([body, Buffer.from(' ')]), signature, 's3cret')).toBe(false);
    expect(verifyAggregatorHmac(body, signature, 'other')).toBe(false);
    expect(verifyAggregatorHmac(body, signature.slice(0, -4), 's3cret')).toBe(false);
    expect(verifyAggregatorHmac(body, undefined, 's3cret')).toBe(false);
    expect(verifyAggregatorHmac(body, ['a', 'b'], 's3cret')).toBe(false);
  });

  it('checks RSA-SHA256 signatures against the aggregator’s public key', () => {
    const signature = signAggregatorRequestRsa(body, privateKey);
    expect(verifyAggregatorRsa(body, signature, PUBLIC_PEM)).toBe(true);
    expect(verifyAggregatorRsa(Buffer.from(`${body} `), signature, PUBLIC_PEM)).toBe(false);
    expect(verifyAggregatorRsa(body, signAggregatorRequest(body, 'x'), PUBLIC_PEM)).toBe(false);
    expect(verifyAggregatorRsa(body, 'not base64!', PUBLIC_PEM)).toBe(false);
  });

  it('derives a default secret outside production and has none in production without a key', () => {
    const config = testConfig();
    const derived = aggregatorSecret(config);
    expect(derived).toHaveLength(32);
    expect(walletVerifier(config)!(body, signAggregatorRequest(body, derived!))).toBe(true);
    expect(aggregatorSecret(testConfig({ AGGREGATOR_SECRET: 'k'.repeat(32) }))).toEqual(
      Buffer.from('k'.repeat(32)),
    );
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32) });
    expect(aggregatorSecret(production)).toBeNull();
    expect(walletVerifier(production)).toBeNull();
    const withKey = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(32),
      AGGREGATOR_PUBLIC_KEY: PUBLIC_PEM,
    });
    expect(walletVerifier(withKey)!(body, signAggregatorRequestRsa(body, privateKey))).toBe(true);
  });
});

describe('the wallet with AGGREGATOR_PUBLIC_KEY', () => {
  it('takes calls signed with the aggregator’s private key and refuses HMAC-signed ones', async () => {
    const { app, db } = await createTestApp({
      env: { AGGREGATOR_PUBLIC_KEY: PUBLIC_PEM, AGGREGATOR_SECRET: 'h'.repeat(32) },
    });
    const me = await walletPlayer(db, { money: 1 });
    const raw = JSON.stringify({ user: me.user, token: me.token, request_uuid: uuid(), game_code: 'g' });
    const rsa = await sendWallet(app, 'user/balance', raw, {
      signature: signAggregatorRequestRsa(raw, privateKey),
    });
    expect(rsa.json()).toMatchObject({ status: 'RS_OK', balance: 100_000 });
    const hmac = await sendWallet(app, 'user/balance', raw, { secret: 'h'.repeat(32) });
    expect(hmac.json()).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE' });
  });
});
