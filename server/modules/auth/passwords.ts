import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, 1 lane, the
 * OWASP minimum. The PHC string records the parameters, so raising them later keeps old hashes valid.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** An argon2id hash, with today's cost, of a random password nobody knows. */
const NOBODYS_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$8CLqcII5+mQt/qqWZ0r3qA$9kBY7wAT7orwdcQZ+xI9iypEky+lg4OlFf8nx9bBa+s';

/**
 * Spends the time of one verification when there is no hash to check (unknown account, no password), so
 * response times do not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(NOBODYS_HASH, password);
  return false;
}
