/**
 * Password hashing with Node's scrypt (memory-hard, no native add-on needed). Format: scrypt$N$r$p$salt$hash.
 * Asynchronous: scrypt runs on libuv's thread pool, so a sign-in no longer holds the one JavaScript thread every
 * other request needs (the synchronous version took ~40-80 ms of it per attempt). At most MAX_PARALLEL hashes run
 * at once and the rest wait their turn, so a flood of sign-ins cannot take every pool thread from file reads,
 * gzip and DNS that other requests use.
 */
import crypto from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
// scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) covers N=16384, r=8, with room for stored hashes
// made with larger parameters up to this bound (a stored hash asking for more is refused, not run).
const MAXMEM = 64 * 1024 * 1024;

/** Two of libuv's four default pool threads: the rest stay free for everyone else. */
export const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      crypto.scrypt(password, salt, keylen, { ...options, maxmem: MAXMEM }, (error, key) => (error ? reject(error) : resolve(key))),
    );
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  if (expected.length === 0) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  } catch {
    return false;
  }
  return crypto.timingSafeEqual(expected, actual);
}

/**
 * A hash of no one's password, with the same parameters as real ones: a sign-in for a user name that does not
 * exist is checked against it, so it takes as long as a wrong password for a real user and the answer's timing
 * does not tell which user names exist. Made once per process.
 */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("base64url"));
  return dummy;
}

/** API tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return `kbx_${crypto.randomBytes(24).toString("base64url")}`;
}
