/** The two stores Kubex runs on: embedded SQLite (the default) or PostgreSQL (`DATABASE_URL`). */
export type DialectName = "sqlite" | "postgres";
