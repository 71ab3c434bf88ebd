import crypto from 'node:crypto';

// promisify would keep only scrypt's last overload (no options): the promise is written out instead.
const scrypt = (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

// OWASP's scrypt floor is N=2^17 with r=8; 2^15 keeps a login near 50 ms on
// small machines while still costing an attacker 32 MiB per guess.
export const PASSWORD_COST = 2 ** 15;
const PARAMS = { r: 8, p: 1 };
const KEY_LENGTH = 64;
const maxmem = (N: number, r: number) => 256 * N * r;

let cost = PASSWORD_COST;

/**
 * The cost (scrypt's N, a power of two) of the hashes made from now on in this process; a stored
 * hash is always checked at the cost it was made with. Only tests lower it: the API tests hash and
 * check the test admin's password at every server start, hundreds of times a run, and what they
 * check of a sign-in does not depend on its cost (test/helpers/api-setup.ts). The server never
 * calls it.
 */
export function setPasswordCost(N: number): void {
  if (!Number.isInteger(Math.log2(N)) || N < 2) throw new Error(`scrypt's N must be a power of two, not ${N}`);
  cost = N;
}

/** Whether a stored hash is a password at all (not an account's "none chosen yet" or "reset" marks). */
export const isPasswordHash = (stored: string): boolean => stored.startsWith('scrypt$');

/** 'scrypt$N$r$p$salt$hash' (base64url), so parameters can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, ...PARAMS, maxmem: maxmem(N, PARAMS.r) });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/** One made-up hash per cost, made the first time it is needed. */
const dummyHashes = new Map<number, Promise<string>>();
/**
 * Spends the same time as a real check, for unknown usernames: the answer's
 * timing must not tell which usernames exist.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) dummyHashes.set(cost, (dummyHash = hashPassword('no-such-user')));
  await verifyPassword(password, await dummyHash);
  return false;
}
