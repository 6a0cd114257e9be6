/**
 * Fresh planner statistics for the tables an analysis replaces and the inventory its reads join them with (issue 13).
 *
 * SQLite without statistics takes `snapshot_id = ?` for a selective condition, so a folder's reads started from every
 * row of the current snapshot and looked each container up by id, instead of starting from the folder's containers by
 * their index (container_path): at 500,000 containers a cluster folder's first Summary took 2.3 s, its grid 0.9 s, a
 * grid sort in it 0.9 s; with the statistics 0.21 s, 0.09 s and 0.08-0.12 s. ANALYZE of these tables takes ~0.7 s
 * there; it is never run over the whole file, whose collected series (a Prometheus collection) may be far larger.
 *
 * PostgreSQL guesses a few hundred rows per snapshot without them and joins by nested loops (the grid's count 270 → 60
 * ms, a sorted page 300 → 110 ms at 150,000); its autovacuum keeps the inventory's.
 */
import { sql, type Kysely } from "kysely";
import type { DialectName } from "./dialect";

const SQLITE_TABLES = ["container", "container_attribute", "container_analysis", "k8s_node", "node_analysis", "node_group_analysis", "cloud_instance", "cloud_scale_group", "cloud_analysis"] as const;
const POSTGRES_TABLES = ["container_analysis", "cloud_analysis"] as const;

/** Migrations call it with their untyped Kysely. */
export async function refreshPlannerStatistics(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const table of dialect === "postgres" ? POSTGRES_TABLES : SQLITE_TABLES) await sql`analyze ${sql.table(table)}`.execute(db);
}
