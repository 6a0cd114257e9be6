/**
 * rate-limiter-flexible's counters in our own store (table sign_in_limit, migration 010), through Kysely, so one
 * limit holds for every process on SQLite and PostgreSQL alike. The library's own SQLite and PostgreSQL limiters
 * want the raw driver (better-sqlite3 or a pg pool), create their table themselves, and would put SQL outside
 * app/models and outside our migrations; its documented extension point is a store class extending
 * RateLimiterStoreAbstract with four methods (_upsert, _get, _delete, _getRateLimiterRes), which is this. The
 * upsert is one atomic INSERT ... ON CONFLICT ... RETURNING statement on both stores, as the library's own
 * PostgreSQL store does, so parallel attempts cannot slip past a limit between a read and a write.
 */
import { sql, type Kysely } from "kysely";
import { RateLimiterRes, type IRateLimiterStoreOptions } from "rate-limiter-flexible";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { Database } from "~/db/schema";

interface Counter {
  points: number;
  expire: number | null;
}

/** Adds `points` to a key (a fresh count once the old one expired); forceExpire sets both outright. */
export async function upsertCounter(db: Kysely<Database>, key: string, points: number, msDuration: number, forceExpire: boolean): Promise<Counter> {
  const now = Date.now();
  const expire = msDuration > 0 ? now + msDuration : null;
  const row = await db
    .insertInto("sign_in_limit")
    .values({ key, points, expire })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet(
        forceExpire
          ? { points, expire }
          : {
              points: sql<number>`case when sign_in_limit.expire <= ${now} then ${points} else sign_in_limit.points + ${points} end`,
              expire: sql<number | null>`case when sign_in_limit.expire <= ${now} then ${expire} else sign_in_limit.expire end`,
            },
      ),
    )
    .returning(["points", "expire"])
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

export async function readCounter(db: Kysely<Database>, key: string): Promise<Counter | null> {
  const row = await db
    .selectFrom("sign_in_limit")
    .select(["points", "expire"])
    .where("key", "=", key)
    .where((eb) => eb.or([eb("expire", ">", Date.now()), eb("expire", "is", null)]))
    .executeTakeFirst();
  return row ? { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) } : null;
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<boolean> {
  const result = await db.deleteFrom("sign_in_limit").where("key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Counters whose time is up (the purge beside expired sessions). */
export async function purgeCounters(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("sign_in_limit").where("expire", "<=", Date.now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type Options = Omit<IRateLimiterStoreOptions, "storeClient"> & { db: Kysely<Database> };

/** A rate-limiter-flexible limiter whose counters live in sign_in_limit. */
export class RateLimiterKysely extends RateLimiterStoreAbstract {
  private readonly db: Kysely<Database>;
  private readonly limit: number;

  constructor({ db, ...options }: Options) {
    super({ ...options, storeClient: db });
    this.db = db;
    this.limit = options.points ?? 4;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: Counter): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.limit - result.points, 0),
      result.expire === null ? -1 : Math.max(result.expire - Date.now(), 0),
      result.points,
      result.points === changedPoints,
    );
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    return upsertCounter(this.db, rlKey, points, msDuration, forceExpire);
  }

  _get(rlKey: string): Promise<Counter | null> {
    return readCounter(this.db, rlKey);
  }

  _delete(rlKey: string): Promise<boolean> {
    return deleteCounter(this.db, rlKey);
  }
}
