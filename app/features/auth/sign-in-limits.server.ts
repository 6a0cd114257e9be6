/**
 * Sign-in limits (issue 12; decision 014): every attempt counts against its account (the user name as typed,
 * lower-cased, whether or not such a user exists, so a lockout tells nothing about which names exist) and against
 * the client's address, before any password is hashed. Past a limit the answer is 429 with the wait, and no hash
 * is computed. A successful sign-in clears its account's count and gives the address its attempt back.
 *   account: ACCOUNT_ATTEMPTS failed attempts within WINDOW_SECONDS lock the account for LOCK_SECONDS;
 *   address: ADDRESS_ATTEMPTS attempts within WINDOW_SECONDS block the address for LOCK_SECONDS.
 * The counters live in the database (rate-limiter-flexible over our own table, app/models/rate-limit-store), so a
 * second server process or a restart does not reset them; should the store fail, an in-memory limiter with the
 * same limits takes over (the library's insurance limiter) instead of letting attempts through unlimited.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { RateLimiterKysely } from "~/models/rate-limit-store.server";

export const WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;
export const ACCOUNT_ATTEMPTS = 10;
export const ADDRESS_ATTEMPTS = 30;

interface Limiters {
  db: Kysely<Database>;
  account: RateLimiterKysely;
  address: RateLimiterKysely;
}

let limiters: Limiters | undefined;

function limitersFor(db: Kysely<Database>): Limiters {
  if (limiters?.db === db) return limiters;
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterKysely({
      db,
      keyPrefix,
      points,
      duration: WINDOW_SECONDS,
      blockDuration: LOCK_SECONDS,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS, blockDuration: LOCK_SECONDS }),
    });
  limiters = { db, account: make("signin:account", ACCOUNT_ATTEMPTS), address: make("signin:address", ADDRESS_ATTEMPTS) };
  return limiters;
}

export interface Attempt {
  account: string;
  address: string | null;
}

function accountKey(userName: string): string {
  return userName.trim().toLowerCase().slice(0, 100);
}

/** Seconds to wait (rounded up), from a limiter's refusal. */
function waitOf(refusal: unknown): number {
  if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  throw refusal;
}

/**
 * Counts one attempt; undefined when it may go on, else the seconds until it may. Both counts are taken even when
 * the first refuses, so an address that keeps trying stays blocked.
 */
export async function countAttempt(db: Kysely<Database>, userName: string, address: string | null): Promise<number | undefined> {
  const { account, address: byAddress } = limitersFor(db);
  const waits = await Promise.all([
    account.consume(accountKey(userName)).then(() => 0, waitOf),
    address ? byAddress.consume(address).then(() => 0, waitOf) : Promise.resolve(0),
  ]);
  const wait = Math.max(...waits);
  return wait > 0 ? wait : undefined;
}

/** A correct password: the account starts again from zero, and the address gets its attempt back. */
export async function clearAttempts(db: Kysely<Database>, userName: string, address: string | null): Promise<void> {
  const { account, address: byAddress } = limitersFor(db);
  await account.delete(accountKey(userName));
  if (address) await byAddress.reward(address);
}

/** "Too many…" with the wait in minutes (or seconds under one minute). */
export function lockedMessage(seconds: number): string {
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}` : `${seconds} seconds`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}
