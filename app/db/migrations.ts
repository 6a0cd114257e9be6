/**
 * Versioned migrations, run in order by Kysely's Migrator on either store. Never edit a migration that has
 * shipped; add the next one.
 */
import { CLOUD_ANALYSIS_FLAGS, CLOUD_ANALYSIS_NUMBERS, CLOUD_ANALYSIS_TEXT } from "./cloud-analysis-columns";
import { sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { DialectName } from "./dialect";
import { refreshPlannerStatistics } from "./planner-statistics.server";

export type { DialectName };

// A float column: SQLite's REAL is 8 bytes; PostgreSQL's REAL is 4, so ask for double precision there.
function float(dialect: DialectName) {
  return dialect === "postgres" ? sql`double precision` : sql`real`;
}

function m001(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("app_user")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_name", "text", (c) => c.notNull().unique())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_saas_user_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_saas_audit_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("user_session")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("api_token")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("feature_flag")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("k8s_cluster")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("region", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("container")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cluster", "text", (c) => c.notNull())
        .addColumn("namespace", "text", (c) => c.notNull())
        .addColumn("pod_owner_kind", "text", (c) => c.notNull())
        .addColumn("pod_owner_name", "text", (c) => c.notNull())
        .addColumn("container_name", "text", (c) => c.notNull())
        .addColumn("node_group", "text", (c) => c.notNull())
        .addColumn("policy", "text", (c) => c.notNull())
        .addColumn("replicas", dbl, (c) => c.notNull())
        .addColumn("cpu_request", dbl)
        .addColumn("cpu_limit", dbl)
        .addColumn("mem_request", dbl)
        .addColumn("mem_limit", dbl)
        .addColumn("first_seen", "text", (c) => c.notNull())
        .addColumn("last_seen", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("container_path")
        .on("container")
        .columns(["cluster", "namespace", "pod_owner_kind", "pod_owner_name", "container_name"])
        .execute();
      await db.schema
        .createTable("container_attribute")
        .addColumn("container_id", "text", (c) => c.notNull().references("container.id").onDelete("cascade"))
        .addColumn("attr_key", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("container_attribute_pk", ["attr_key", "container_id"])
        .execute();
      await db.schema
        .createTable("node_group")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cluster", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("instance_type", "text", (c) => c.notNull())
        .addColumn("node_count", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("k8s_node")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cluster", "text", (c) => c.notNull())
        .addColumn("node_group", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("instance_type", "text", (c) => c.notNull())
        .addColumn("cpu_capacity", dbl, (c) => c.notNull())
        .addColumn("mem_capacity", dbl, (c) => c.notNull())
        .addColumn("pod_capacity", "integer", (c) => c.notNull())
        .addColumn("cpu_allocatable", dbl, (c) => c.notNull())
        .addColumn("mem_allocatable", dbl, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("cloud_instance")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("region", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("account_name", "text", (c) => c.notNull())
        .addColumn("service", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("instance_type", "text", (c) => c.notNull())
        .addColumn("vcpus", dbl, (c) => c.notNull())
        .addColumn("memory_mb", dbl, (c) => c.notNull())
        .addColumn("hourly_price", dbl, (c) => c.notNull())
        .addColumn("group_name", "text")
        .execute();
      await db.schema
        .createTable("view_def")
        .addColumn("view_id", "text", (c) => c.primaryKey())
        .addColumn("view_type_id", "integer", (c) => c.notNull())
        .addColumn("entity_id", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("public_view", "integer", (c) => c.notNull())
        .addColumn("read_only", "integer", (c) => c.notNull())
        .addColumn("system_defined", "integer", (c) => c.notNull())
        .addColumn("vm_view", "integer", (c) => c.notNull())
        .addColumn("platform_type", "text", (c) => c.notNull())
        .addColumn("ctx", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("view_detail")
        .addColumn("view_detail_id", "text", (c) => c.primaryKey())
        .addColumn("view_id", "text", (c) => c.notNull().references("view_def.view_id").onDelete("cascade"))
        .addColumn("order_index", "integer", (c) => c.notNull())
        .addColumn("property_key", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("view_filter")
        .addColumn("view_filter_id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("public_filter", "integer", (c) => c.notNull())
        .addColumn("read_only", "integer", (c) => c.notNull())
        .addColumn("system_defined", "integer", (c) => c.notNull())
        .addColumn("platform_type", "text", (c) => c.notNull())
        .addColumn("ctx", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("filter_detail")
        .addColumn("filter_definition_id", "text", (c) => c.primaryKey())
        .addColumn("view_filter_id", "text", (c) =>
          c.notNull().references("view_filter.view_filter_id").onDelete("cascade"),
        )
        .addColumn("order_index", "integer", (c) => c.notNull())
        .addColumn("property_key", "text", (c) => c.notNull())
        .addColumn("operand", "text", (c) => c.notNull())
        .addColumn("filter_value", "text", (c) => c.notNull())
        .addColumn("data_type", "text", (c) => c.notNull())
        .addColumn("pre_operand1", "text", (c) => c.notNull())
        .addColumn("pre_operand2", "text", (c) => c.notNull())
        .addColumn("post_operand1", "text", (c) => c.notNull())
        .addColumn("post_operand2", "text", (c) => c.notNull())
        .addColumn("folder_id", "integer", (c) => c.notNull())
        .addColumn("workspace_filter", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("user_default")
        .addColumn("user_id", "text", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("ctx", "text", (c) => c.notNull())
        .addColumn("item_id", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_default_pk", ["user_id", "kind", "ctx"])
        .execute();
      await db.schema
        .createTable("automation_setting")
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
          dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn("ctx", "text", (c) => c.notNull())
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("automation_setting_target")
        .on("automation_setting")
        .columns(["ctx", "scope", "target"])
        .unique()
        .execute();
      await db.schema
        .createTable("collection_run")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("seed", "integer", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .addColumn("container_count", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * PostgreSQL: label values readable from the index alone. Tree levels and Filter lines on labels (business unit,
 * environment, ...) look a container's label up by (attr_key, container_id) for every container; with the value
 * in the index that is an index-only scan instead of an index probe plus a heap fetch (measured with 150,000
 * containers: a Filter's label test over the fleet 790 -> 430 ms). SQLite keeps using the primary key's unique
 * index for these lookups whatever else exists, so it gets no index here (it would only slow collection down).
 */
function m002(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "postgres") return;
      await sql`create index container_attribute_value on container_attribute (attr_key, container_id) include (value)`.execute(db);
    },
  };
}

// Deleting a container must find its attribute rows (ON DELETE CASCADE) and a leaf lookup goes by container: both
// need container_id first, which the primary key (attr_key, container_id) does not give.
function m003(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex("container_attribute_container").on("container_attribute").columns(["container_id"]).execute();
    },
  };
}

/**
 * Analysis snapshots (app/analysis/): one `analysis_snapshot` row per analysis run and one `container_analysis`
 * row per container and snapshot. A run writes its rows under a new snapshot id, then one short transaction marks
 * it complete and points meta `current_analysis_snapshot` at it; readers join on the current id only, so they see
 * the old snapshot or the new one, never half of one. Money is $ per month (doubles, the engine's values, which
 * are whole cents / 100) plus the waterfall's whole cents as integers; quantities in mCores and MB; booleans 0/1.
 * `config_parameter` holds the spec's configuration parameters (getParameters: parameterKey, numberValue), seeded
 * with the default unit prices of ANALYSIS.md ($ per vCPU-hour and per GB-hour).
 */
function m004(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("config_parameter")
        .addColumn("parameter_key", "text", (c) => c.primaryKey())
        .addColumn("number_value", dbl)
        .execute();
      await db
        .insertInto("config_parameter")
        .values([
          { parameter_key: "cpu_core_default_cost", number_value: 0.031611 },
          { parameter_key: "memory_gib_default_cost", number_value: 0.004237 },
        ])
        .execute();
      await db.schema
        .createTable("analysis_snapshot")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("collection_run_id", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .addColumn("window_end", "text", (c) => c.notNull())
        .addColumn("container_count", "integer", (c) => c.notNull())
        .addColumn("analysed_count", "integer", (c) => c.notNull())
        .addColumn("ms", "integer")
        .addColumn("policies_json", "text", (c) => c.notNull())
        .addColumn("prices_json", "text", (c) => c.notNull())
        .addColumn("error", "text")
        .execute();
      const int = (name: string) => (t: any) => t.addColumn(name, "integer");
      const num = (name: string) => (t: any) => t.addColumn(name, dbl);
      const txt = (name: string) => (t: any) => t.addColumn(name, "text");
      const columns: ((t: any) => any)[] = [
        (t) => t.addColumn("snapshot_id", "text", (c: any) => c.notNull()),
        (t) => t.addColumn("container_id", "text", (c: any) => c.notNull()),
        (t) => t.addColumn("analysed", "integer", (c: any) => c.notNull()),
        txt("not_analysed_reason"),
        (t) => t.addColumn("policy_name", "text", (c: any) => c.notNull()),
        txt("recommendation"),
        (t) => t.addColumn("current_count", dbl, (c: any) => c.notNull()),
        ...["existing", "rec"].flatMap((p) => ["cpu_request", "cpu_limit", "mem_request", "mem_limit"].map((k) => num(`${p}_${k}`))),
        ...["cpu_request", "cpu_limit", "mem_request", "mem_limit"].map((k) => txt(`badge_${k}`)),
        ...["cpu_request", "cpu_limit", "mem_request", "mem_limit"].map((k) => num(`${k}_vs_pct`)),
        ...["cpu_request", "cpu_limit", "mem_request", "mem_limit"].map((k) => int(`bucket_${k}`)),
        ...["cpu_min", "cpu_avg", "cpu_sustained", "cpu_peak", "cpu_p95", "mem_min", "mem_avg", "mem_sustained", "mem_peak"].map(num),
        int("sample_count"),
        num("running_hours"),
        num("total_hours"),
        num("hours_of_data"),
        int("qualifying_days"),
        ...["cpu", "mem"].flatMap((r) =>
          [
            "current", "recommended", "unspecified", "spare", "deficit",
            "current_cost", "recommended_cost", "unspecified_cost", "spare_cost", "deficit_cost", "realizable_gain", "additional_waste",
          ].map((k) => num(`${r}_${k}`)),
        ),
        ...[
          "current_cost", "recommended_cost", "unspecified_cost", "spare_cost", "deficit_cost", "realizable_gain", "additional_waste",
          "net_savings", "efficiency_rating", "monthly_waste",
        ].map(num),
        int("at_risk"),
        ...["current", "recommended", "unspecified", "spare", "deficit", "immediate", "additional"].map((k) => int(`cents_${k}`)),
        ...[
          "has_cpu_throttled_risk", "has_cpu_stranded_risk", "has_memory_pod_termination_risk", "has_memory_stranded_risk",
          "has_memory_process_termination_risk",
        ].map((k) => (t: any) => t.addColumn(k, "integer", (c: any) => c.notNull())),
        ...[
          "restarts_last_day", "restarts_last_7_days", "memory_limit_event_last_day", "memory_limit_event_last_7_days", "oom_kills",
          "throttle_events",
        ].map((k) => (t: any) => t.addColumn(k, "integer", (c: any) => c.notNull())),
        (t) => t.addColumn("has_cpu_saturation", "integer", (c: any) => c.notNull()),
        (t) => t.addColumn("has_mem_saturation", "integer", (c: any) => c.notNull()),
        num("cpu_saturation_node_pct"),
        num("mem_saturation_node_pct"),
        txt("primary_constraint"),
        (t) => t.addColumn("notes", "text", (c: any) => c.notNull()),
      ];
      let table: any = db.schema.createTable("container_analysis");
      for (const add of columns) table = add(table);
      await table.addPrimaryKeyConstraint("container_analysis_pk", ["snapshot_id", "container_id"]).execute();
      // Readers go by (current snapshot, container): the primary key. This one finds a container's rows across
      // snapshots (a container's history, deleting a container) without scanning.
      await db.schema.createIndex("container_analysis_container").on("container_analysis").columns(["container_id"]).execute();
    },
  };
}

/**
 * Node and node group analysis per snapshot (spec document 2 section 3: Node, Node group), written by the analysis
 * run under the same snapshot id as container_analysis and swapped in by the same transaction. Readers go by
 * (current snapshot, id) or (current snapshot, cluster, group): the primary keys and the group indexes.
 */
function m005(dialect: DialectName): Migration {
  const dbl = float(dialect);
  const create = async (db: Kysely<any>, name: string, columns: [string, "text" | "int" | "num", boolean][]) => {
    let table: any = db.schema.createTable(name);
    for (const [col, kind, notNull] of columns) {
      const type = kind === "text" ? "text" : kind === "int" ? "integer" : dbl;
      table = table.addColumn(col, type, (c: any) => (notNull ? c.notNull() : c));
    }
    return table;
  };
  const req = (...names: string[]) => names.map((n) => [n, "text", true] as [string, "text", boolean]);
  const col = (kind: "text" | "int" | "num", notNull: boolean, ...names: string[]) => names.map((n) => [n, kind, notNull] as [string, typeof kind, boolean]);
  return {
    async up(db: Kysely<any>) {
      const node = await create(db, "node_analysis", [
        ...req("snapshot_id", "node_id"),
        ...col("text", false, "node_group_id"),
        ...req("cluster_name", "node_group_name", "node_name", "instance_type"),
        ...col("num", false, "cpu_utilization_avg_pct", "cpu_utilization_peak_pct", "mem_utilization_avg_pct", "mem_utilization_peak_pct"),
        ...col("num", true, "node_hours"),
        ...col("num", false, "age_days"),
        ...col("text", false, "first_seen_date_utc", "last_seen_date_utc"),
        ...col("int", true, "max_allowed_pods"),
        ...col("num", false, "num_pods_avg", "num_pods_peak", "max_allowed_pods_pct"),
        ...col("num", true, "node_cpu", "node_mem", "capacity_cpu", "capacity_mem", "allocatable_cpu", "allocatable_mem"),
        ...col("text", false, "gpu_model"),
        ...col("num", false, "node_gpu", "allocatable_gpu", "gpu_memory_total", "gpu_utilization_avg", "gpu_mem_utilization_avg"),
        ...col("int", true, "cpu_saturated", "mem_saturated", "at_max_pod_capacity"),
      ]);
      await node.addPrimaryKeyConstraint("node_analysis_pk", ["snapshot_id", "node_id"]).execute();
      await db.schema.createIndex("node_analysis_group").on("node_analysis").columns(["snapshot_id", "cluster_name", "node_group_name"]).execute();
      const group = await create(db, "node_group_analysis", [
        ...req("snapshot_id", "node_group_id", "cluster_name", "node_group_name"),
        ...col("text", false, "primary_node_type"),
        ...col("int", true, "unique_node_count", "unique_node_count_last_day"),
        ...col("num", true, "avg_node_count", "total_node_hours"),
        ...col("int", true, "cpu_saturation_node_count"),
        ...col("num", true, "cpu_saturation_node_pct"),
        ...col("num", false, "cpu_node_balance_ratio"),
        ...col("int", true, "mem_saturation_node_count"),
        ...col("num", true, "mem_saturation_node_pct"),
        ...col("num", false, "mem_node_balance_ratio"),
        ...col("int", true, "manifest_count", "manifest_restart_count", "manifest_mem_event_count"),
        ...col("num", false, "node_cpu", "node_mem"),
        ...col("int", true, "max_pod_cap_node_count"),
        ...col("num", true, "cpu_request_pct"),
        ...col("num", false, "peak_cpu_utilization", "avg_cpu_utilization"),
        ...col("num", true, "mem_request_pct"),
        ...col("num", false, "peak_mem_utilization", "avg_mem_utilization"),
        ...col("text", false, "primary_constraint", "current_node_family", "optimized_node_family", "optimized_node_type"),
        ...col("num", false, "current_estimated_cost", "optimized_estimated_cost", "estimated_waste_per_month", "estimated_waste_percent"),
        ...col("int", true, "manifest_to_opt_count"),
        ...col("num", true, "surplus_cpu", "surplus_mem", "aggregated_allocatable_cpu", "aggregated_allocatable_mem", "aggregated_capacity_cpu", "aggregated_capacity_mem"),
        ...col("num", false, "optimized_avg_node_count"),
        ...req("health", "health_reasons", "unpriced_instance_types"),
      ]);
      await group.addPrimaryKeyConstraint("node_group_analysis_pk", ["snapshot_id", "node_group_id"]).execute();
      await db.schema.createIndex("node_group_analysis_name").on("node_group_analysis").columns(["snapshot_id", "cluster_name", "node_group_name"]).execute();
    },
  };
}

/**
 * Saved grid views (spec document 2, section 2.9): a user's private views and everyone's public ones, per grid,
 * and each user's favourites (built-in views can be favourites too, so a favourite names a view id, not a row).
 * scope_key is the owner's id for a private view and 'public' for a public one: with title_key (the lowercased
 * title) it makes two views of one owner, or two public views, with one name impossible even under a race.
 */
function m006(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("grid_view")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("grid_id", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("title_key", "text", (c) => c.notNull())
        .addColumn("grid_state", "text", (c) => c.notNull())
        .addColumn("based_on", "text")
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("owner_id", "text", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
        .addColumn("scope_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("grid_view_title").on("grid_view").columns(["grid_id", "scope_key", "title_key"]).unique().execute();
      await db.schema
        .createTable("grid_view_favorite")
        .addColumn("user_id", "text", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
        .addColumn("grid_id", "text", (c) => c.notNull())
        .addColumn("view_id", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("grid_view_favorite_pk", ["user_id", "grid_id", "view_id"])
        .execute();
      await db.schema.createIndex("grid_view_favorite_view").on("grid_view_favorite").columns(["grid_id", "view_id"]).execute();
    },
  };
}

/**
 * GPU values of container_analysis (spec document 2: gpuRequest, totalExistingGpuRequest, gpuMemory,
 * totalGpuMemory), null for containers without GPU samples. One column per statement (SQLite's ALTER TABLE).
 */
function m007(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      for (const name of ["gpu_request", "existing_gpu_request", "total_existing_gpu_request", "gpu_memory", "total_gpu_memory"]) {
        await db.schema.alterTable("container_analysis").addColumn(name, dbl).execute();
      }
    },
  };
}

/**
 * The facts every cloud screen needs (spec document 3, sections 2.4 and 3): on cloud_instance, nullable columns
 * (rows collected before keep their values, the new facts null until the next collection); and cloud_scale_group,
 * one row per ASG or VMSS, whose members point at it by group_id (index: a group's members are read together).
 */
function m008(dialect: DialectName): Migration {
  const dbl = float(dialect);
  const instanceColumns: [string, "text" | "integer" | "num"][] = [
    ["group_id", "text"],
    ["os", "text"],
    ["created_at", "text"],
    ["power_state", "text"],
    ["life_cycle", "text"],
    ["ri_coverage", "num"],
    ["ri_expiry", "text"],
    ["availability_zone", "text"],
    ["private_ip", "text"],
    ["previous_instance_type", "text"],
    ["instance_type_changed_at", "text"],
    ["memory_metrics", "integer"],
  ];
  return {
    async up(db: Kysely<any>) {
      for (const [name, kind] of instanceColumns) {
        await db.schema.alterTable("cloud_instance").addColumn(name, kind === "num" ? dbl : kind).execute();
      }
      await db.schema.createIndex("cloud_instance_group").on("cloud_instance").columns(["group_id"]).execute();
      const text = (c: any) => c.notNull();
      await db.schema
        .createTable("cloud_scale_group")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("provider", "text", text)
        .addColumn("region", "text", text)
        .addColumn("account_id", "text", text)
        .addColumn("account_name", "text", text)
        .addColumn("service", "text", text)
        .addColumn("name", "text", text)
        .addColumn("instance_type", "text", text)
        .addColumn("vcpus", dbl, (c) => c.notNull())
        .addColumn("memory_mb", dbl, (c) => c.notNull())
        .addColumn("hourly_price", dbl, (c) => c.notNull())
        .addColumn("os", "text", text)
        .addColumn("created_at", "text", text)
        .addColumn("life_cycle", "text", text)
        .addColumn("ri_coverage", dbl)
        .addColumn("ri_expiry", "text")
        .addColumn("min_size", "integer", (c) => c.notNull())
        .addColumn("max_size", "integer", (c) => c.notNull())
        .addColumn("desired_size", "integer", (c) => c.notNull())
        .addColumn("in_service", "integer", (c) => c.notNull())
        .addColumn("scaling_mode", "text", text)
        .addColumn("scaling_policy", "text")
        .addColumn("orchestration_mode", "text")
        .addColumn("availability_zones", "text", text)
        .addColumn("k8s_cluster_platform", "text")
        .addColumn("k8s_cluster", "text")
        .addColumn("k8s_node_group", "text")
        .addColumn("previous_instance_type", "text")
        .addColumn("instance_type_changed_at", "text")
        .addColumn("memory_metrics", "integer", (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * The cloud analysis (spec document 3): cloud_service, a view of the analysed units (standalone instances, and
 * each scale group in place of its members), and cloud_analysis, one engine result per service per snapshot,
 * written by the analysis run beside the container rows and swapped in with them.
 */
function m009(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      await sql`create view cloud_service as
        select id, 'instance' as kind, provider, region, account_id, account_name, service, name, instance_type, vcpus, memory_mb,
          hourly_price, os, created_at, power_state, life_cycle, ri_coverage, ri_expiry, availability_zone, private_ip,
          previous_instance_type, instance_type_changed_at, memory_metrics, null as min_size, null as max_size, null as desired_size,
          null as in_service, null as scaling_mode, null as scaling_policy, null as orchestration_mode, null as k8s_cluster_platform,
          null as k8s_cluster, null as k8s_node_group
        from cloud_instance where group_id is null and group_name is null
        union all
        select id, 'group' as kind, provider, region, account_id, account_name, service, name, instance_type, vcpus, memory_mb,
          hourly_price, os, created_at, 'running' as power_state, life_cycle, ri_coverage, ri_expiry, availability_zones as availability_zone,
          null as private_ip, previous_instance_type, instance_type_changed_at, memory_metrics, min_size, max_size, desired_size,
          in_service, scaling_mode, scaling_policy, orchestration_mode, k8s_cluster_platform, k8s_cluster, k8s_node_group
        from cloud_scale_group`.execute(db);
      let table = db.schema
        .createTable("cloud_analysis")
        .addColumn("snapshot_id", "text", (c) => c.notNull())
        .addColumn("service_id", "text", (c) => c.notNull());
      for (const name of CLOUD_ANALYSIS_TEXT) table = table.addColumn(name, "text");
      for (const name of CLOUD_ANALYSIS_FLAGS) table = table.addColumn(name, "integer", (c) => c.notNull().defaultTo(0));
      for (const name of CLOUD_ANALYSIS_NUMBERS) table = table.addColumn(name, dbl);
      await table.addPrimaryKeyConstraint("cloud_analysis_pk", ["snapshot_id", "service_id"]).execute();
    },
  };
}

/**
 * Sign-in hardening (issue 12): rate-limiter-flexible's counters in a table of ours, so a limit holds across
 * processes and restarts on either store; API tokens expire and remember their last use (a token made before this
 * migration expires 90 days after it ran, so no script stops at once); sessions are purged by expiry (index).
 */
function m010(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("sign_in_limit")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("expire", dialect === "postgres" ? "bigint" : "integer")
        .execute();
      await db.schema.alterTable("api_token").addColumn("expires_at", "text").execute();
      await db.schema.alterTable("api_token").addColumn("last_used_at", "text").execute();
      const grace = new Date(Date.now() + 90 * 86_400_000).toISOString();
      await db.updateTable("api_token").set({ expires_at: grace }).where("expires_at", "is", null).execute();
      await db.schema.createIndex("user_session_expires").on("user_session").columns(["expires_at"]).execute();
    },
  };
}

/**
 * Real clusters (issue 10, decision 014): the series a Prometheus collection streams in (one row per container or
 * node and run, its 5-minute samples packed as little-endian float32 with NaN for "no sample"), the reason a
 * collection failed and what it saw per cluster, and the clusters' Prometheus connections (secrets sealed with
 * lib/secret-box.server.ts, never stored in the clear).
 */
function m011(dialect: DialectName): Migration {
  const blob = dialect === "postgres" ? "bytea" : "blob";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("collected_series")
        .addColumn("run_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("entity_id", "text", (c) => c.notNull())
        .addColumn("start_ms", bigint, (c) => c.notNull())
        .addColumn("step_ms", "integer", (c) => c.notNull())
        .addColumn("slots", "integer", (c) => c.notNull())
        .addColumn("cpu", blob, (c) => c.notNull())
        .addColumn("mem", blob, (c) => c.notNull())
        .addColumn("restarts", blob)
        .addColumn("oom", blob)
        .addColumn("throttled", blob)
        .addPrimaryKeyConstraint("collected_series_pk", ["run_id", "kind", "entity_id"])
        .execute();
      await db.schema.alterTable("collection_run").addColumn("error", "text").execute();
      await db.schema.alterTable("collection_run").addColumn("details_json", "text").execute();
      await db.schema
        .createTable("cluster_connection")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("auth_kind", "text", (c) => c.notNull())
        .addColumn("username", "text")
        .addColumn("secret_sealed", "text")
        .addColumn("ca_cert", "text")
        .addColumn("insecure_skip_verify", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cluster_label", "text")
        .addColumn("cluster_value", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("verified_at", "text")
        .addColumn("verify_ok", "integer")
        .addColumn("verify_message", "text")
        .addColumn("prometheus_version", "text")
        .addColumn("cluster_version", "text")
        .addColumn("first_collection_at", "text")
        .addColumn("last_collection_at", "text")
        .addColumn("last_collection_ok", "integer")
        .addColumn("last_collection_message", "text")
        .addColumn("node_count", "integer")
        .addColumn("node_group_count", "integer")
        .addColumn("container_count", "integer")
        .execute();
    },
  };
}

/**
 * Cloud connections (issue 11, spec document 3 section 2.11): one row per AWS account, Azure service principal or
 * GCP service account the installation collects. Non-secret settings are JSON text; the secrets (role ARN and
 * external ID, the Azure secret, the GCP key) are one value sealed by lib/secret-box.server.ts for this row and
 * field, never readable without the installation's key. The collected instances live in cloud_instance and
 * cloud_scale_group with ids prefixed `conn:<connection id>:`; their 5-minute utilisation in cloud_connection_sample.
 */
function m012(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("cloud_connection")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("platform", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("sealed_credentials", "text", (c) => c.notNull())
        .addColumn("last_verified_at", "text")
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("first_collection_at", "text")
        .addColumn("last_collection_at", "text")
        .addColumn("last_service_count", "integer")
        .addColumn("last_attempt_at", "text")
        .addColumn("last_status", "text")
        .addColumn("last_error", "text")
        .execute();
      await db.schema
        .createTable("cloud_connection_sample")
        .addColumn("connection_id", "text", (c) => c.notNull())
        .addColumn("instance_id", "text", (c) => c.notNull())
        .addColumn("t", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
        .addColumn("cpu_pct", dbl, (c) => c.notNull())
        .addColumn("cpu_peak_pct", dbl, (c) => c.notNull())
        .addColumn("mem_pct", dbl)
        .addColumn("net_in_bytes", dbl, (c) => c.notNull())
        .addColumn("net_out_bytes", dbl, (c) => c.notNull())
        .addColumn("net_packets", dbl, (c) => c.notNull())
        .addColumn("disk_read_bytes", dbl, (c) => c.notNull())
        .addColumn("disk_write_bytes", dbl, (c) => c.notNull())
        .addColumn("disk_read_ops", dbl, (c) => c.notNull())
        .addColumn("disk_write_ops", dbl, (c) => c.notNull())
        .addPrimaryKeyConstraint("cloud_connection_sample_pk", ["instance_id", "t"])
        .execute();
      await db.schema.createIndex("cloud_connection_sample_connection").on("cloud_connection_sample").columns(["connection_id"]).execute();
    },
  };
}

/**
 * The admission webhook's decisions (issue 10, decision 019): one row per AdmissionReview a cluster's webhook
 * answered, whatever the outcome: applied (the pod was patched), dry-run (patched, not counted), skipped (nothing to
 * change, automation off, unknown workload, not a pod creation) or error (a body that could not be read). The
 * Automation screen counts them per cluster.
 */
function m013(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("admission_decision")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cluster", "text", (c) => c.notNull())
        .addColumn("connection_id", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("uid", "text", (c) => c.notNull())
        .addColumn("namespace", "text", (c) => c.notNull())
        .addColumn("workload_kind", "text")
        .addColumn("workload_name", "text")
        .addColumn("pod_name", "text", (c) => c.notNull())
        .addColumn("containers", "text", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("patch_json", "text")
        .addColumn("webhook_version", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admission_decision_cluster_at").on("admission_decision").columns(["cluster", "at"]).execute();
    },
  };
}

/**
 * The size history of a cloud connection's scale groups (issue 11): one row per group and 5-minute step with the
 * in-service, desired, minimum and maximum counts (CloudWatch's AWS/AutoScaling group metrics; for a VM Scale Set
 * the capacity at collection, see decision 021), read by the cloud analysis as the group's GroupSizeSamples.
 */
function m014(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("cloud_connection_group_size")
        .addColumn("connection_id", "text", (c) => c.notNull())
        .addColumn("group_id", "text", (c) => c.notNull())
        .addColumn("t", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
        .addColumn("in_service", dbl, (c) => c.notNull())
        .addColumn("desired", dbl, (c) => c.notNull())
        .addColumn("min_size", dbl, (c) => c.notNull())
        .addColumn("max_size", dbl, (c) => c.notNull())
        .addPrimaryKeyConstraint("cloud_connection_group_size_pk", ["group_id", "t"])
        .execute();
      await db.schema.createIndex("cloud_connection_group_size_connection").on("cloud_connection_group_size").columns(["connection_id"]).execute();
    },
  };
}

/**
 * Issue 13: the nodes of one node group by name. Grid rows show their group's node count and first names
 * (app/models/container-rows.server.ts); without this index every grid page scanned every node of the inventory.
 */
function m015(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex("k8s_node_group_name").on("k8s_node").columns(["cluster", "node_group", "name"]).execute();
    },
  };
}

/**
 * The grid's search reads the current snapshot's policy names by themselves (server-grid.server.ts, searchSources):
 * with the snapshot's rows in policy order beside their ids, that is a scan of this index (~75 ms at 500,000
 * containers on SQLite) instead of the analysis rows (~400 ms). Issue 13. PostgreSQL keeps the search on the join
 * (searchCondition says why), which this index does not serve, so it is not made there: it would only slow every
 * analysis's writes.
 */
function m021(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === "postgres") return;
      await db.schema.createIndex("container_analysis_policy").on("container_analysis").columns(["snapshot_id", "policy_name", "container_id"]).execute();
    },
  };
}

/**
 * Issue 13: a node group's chart series, computed by the analysis run and kept with its snapshot (one row per
 * group): the used CPU and memory per 5-minute time as float32 (`used`: cpu then mem, `slots` each) and the
 * capacity, allocatable and node count as runs of six float64 (`runs`; group-series-pack.ts), from start_ms every
 * step_ms. A web process answers a group's charts from them, never from its nodes' samples.
 */
function m022(dialect: DialectName): Migration {
  const blob = dialect === "postgres" ? "bytea" : "blob";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("node_group_series")
        .addColumn("snapshot_id", "text", (c) => c.notNull())
        .addColumn("node_group_id", "text", (c) => c.notNull())
        .addColumn("start_ms", bigint, (c) => c.notNull())
        .addColumn("step_ms", "integer", (c) => c.notNull())
        .addColumn("slots", "integer", (c) => c.notNull())
        .addColumn("used", blob, (c) => c.notNull())
        .addColumn("runs", blob, (c) => c.notNull())
        .addPrimaryKeyConstraint("node_group_series_pk", ["snapshot_id", "node_group_id"])
        .execute();
    },
  };
}

/**
 * Issue 13: planner statistics for a store analysed before they were gathered after every analysis
 * (planner-statistics.server.ts): without them SQLite read a folder's rows by scanning the whole snapshot. A new
 * store gathers them after its first analysis.
 */
function m023(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") await refreshPlannerStatistics(db, dialect);
    },
  };
}

/** The four shipped policies as they were when migration 016 shipped (values complete; frozen here on purpose). */
const SHIPPED_POLICIES_016 = [
  {"id": "system-default", "name": "System Default Policy", "description": "Every parameter at its default: CPU request at the 95th percentile, memory request at peak + 15 %, 7 days of data.", "values": {"workloadRangeDays": 7, "includeWeekdays": true, "includeWeekends": true, "excludedHours": [], "minimumDays": 1, "minimumHours": 2, "cpuAllocationMin": 10, "cpuAllocationMax": 64000, "cpuAllocationIncrement": 10, "memoryAllocationMin": 64, "memoryAllocationMax": 262144, "memoryAllocationIncrement": 16, "cpuAnalysisMetric": "Percentile", "cpuPercentile": 95, "memoryAnalysisMetric": "Peak", "memoryPercentile": 99, "cpuRequestHeadroom": 0, "cpuLimitHeadroom": 20, "memoryRequestHeadroom": 15, "memoryLimitFactor": 1.2, "memoryLimitHeadroom": 15, "oomMemoryFactor": 1.25, "upsizeThreshold": 10, "downsizeThreshold": 20, "maxPercentIncrease": 300, "maxPercentDecrease": 50, "minHoursForDownsize": 168}},
  {"id": "production-balanced", "name": "Production Balanced", "description": "Production services: a 10 % CPU margin, a 20 % memory margin, two days of data and gentler downsizing.", "values": {"workloadRangeDays": 7, "includeWeekdays": true, "includeWeekends": true, "excludedHours": [], "minimumDays": 2, "minimumHours": 2, "cpuAllocationMin": 10, "cpuAllocationMax": 64000, "cpuAllocationIncrement": 10, "memoryAllocationMin": 64, "memoryAllocationMax": 262144, "memoryAllocationIncrement": 16, "cpuAnalysisMetric": "Percentile", "cpuPercentile": 95, "memoryAnalysisMetric": "Peak", "memoryPercentile": 99, "cpuRequestHeadroom": 10, "cpuLimitHeadroom": 20, "memoryRequestHeadroom": 20, "memoryLimitFactor": 1.2, "memoryLimitHeadroom": 15, "oomMemoryFactor": 1.25, "upsizeThreshold": 10, "downsizeThreshold": 20, "maxPercentIncrease": 300, "maxPercentDecrease": 30, "minHoursForDownsize": 168}},
  {"id": "cost-saver", "name": "Cost Saver", "description": "Non-production: CPU sized from Sustained activity, small margins, and downsizing after three days.", "values": {"workloadRangeDays": 7, "includeWeekdays": true, "includeWeekends": true, "excludedHours": [], "minimumDays": 1, "minimumHours": 2, "cpuAllocationMin": 10, "cpuAllocationMax": 64000, "cpuAllocationIncrement": 10, "memoryAllocationMin": 64, "memoryAllocationMax": 262144, "memoryAllocationIncrement": 16, "cpuAnalysisMetric": "Sustained", "cpuPercentile": 95, "memoryAnalysisMetric": "Peak", "memoryPercentile": 99, "cpuRequestHeadroom": 0, "cpuLimitHeadroom": 10, "memoryRequestHeadroom": 10, "memoryLimitFactor": 1.1, "memoryLimitHeadroom": 15, "oomMemoryFactor": 1.25, "upsizeThreshold": 10, "downsizeThreshold": 10, "maxPercentIncrease": 300, "maxPercentDecrease": 75, "minHoursForDownsize": 72}},
  {"id": "performance-first", "name": "Performance First", "description": "Latency-critical services: CPU at the 99th percentile plus 20 %, generous limits, fast upsizing, cautious downsizing.", "values": {"workloadRangeDays": 7, "includeWeekdays": true, "includeWeekends": true, "excludedHours": [], "minimumDays": 1, "minimumHours": 2, "cpuAllocationMin": 10, "cpuAllocationMax": 64000, "cpuAllocationIncrement": 10, "memoryAllocationMin": 64, "memoryAllocationMax": 262144, "memoryAllocationIncrement": 16, "cpuAnalysisMetric": "Percentile", "cpuPercentile": 99, "memoryAnalysisMetric": "Peak", "memoryPercentile": 99, "cpuRequestHeadroom": 20, "cpuLimitHeadroom": 50, "memoryRequestHeadroom": 30, "memoryLimitFactor": 1.5, "memoryLimitHeadroom": 15, "oomMemoryFactor": 1.25, "upsizeThreshold": 5, "downsizeThreshold": 30, "maxPercentIncrease": 300, "maxPercentDecrease": 25, "minHoursForDownsize": 168}},
];

/**
 * Policies users can change (issue 15, decision 024): the stored container policies (the four shipped ones
 * seeded, System Default marked system), their assignments to a folder of a View (path [] = the whole View) and
 * the history of every change.
 */
function m016(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("policy")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("values_json", "text", (c) => c.notNull())
        .addColumn("is_system", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("policy_assignment")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("policy_id", "text", (c) => c.notNull().references("policy.id").onDelete("cascade"))
        .addColumn("view_id", "text", (c) => c.notNull())
        .addColumn("path_json", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("policy_assignment_folder").on("policy_assignment").columns(["view_id", "path_json"]).unique().execute();
      await db.schema
        .createTable("policy_history")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("user_name", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("policy_id", "text")
        .addColumn("policy_name", "text", (c) => c.notNull())
        .addColumn("detail_json", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("policy_history_at").on("policy_history").columns(["at"]).execute();
      const now = new Date().toISOString();
      for (const p of SHIPPED_POLICIES_016) {
        await db
          .insertInto("policy")
          .values({
            id: p.id,
            name: p.name,
            name_key: p.name.trim().toLowerCase(),
            description: p.description,
            values_json: JSON.stringify(p.values),
            is_system: p.id === "system-default" ? 1 : 0,
            created_at: now,
            updated_at: now,
            updated_by: "system",
          })
          .execute();
      }
    },
  };
}

/**
 * Issue 14: each node's monthly cost and its share of its group's waste (decision 026), so the Nodes grid sorts
 * by money in SQL like the node group grid. Rows analysed before stay null until the next analysis (the start
 * command re-analyses: ANALYSIS_FORMAT 5).
 */
function m018(dialect: DialectName): Migration {
  const dbl = float(dialect);
  return {
    async up(db: Kysely<any>) {
      for (const name of ["monthly_cost", "monthly_waste"]) await db.schema.alterTable("node_analysis").addColumn(name, dbl).execute();
    },
  };
}

/**
 * Issue 13, must-show 3 (decision 028): the shards of an analysis run split across worker processes on PostgreSQL
 * (KUBEX_ANALYSIS_QUEUE=on). One row per shard (a cluster, or the cloud estate): its state, the worker that
 * committed it, how many attempts it took, its counts and totals (JSON), or the reason it failed. The run swaps
 * in when every shard of its snapshot is done. SQLite has the table too (unused: it runs in one process).
 */
function m020(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("analysis_shard")
        .addColumn("snapshot_id", "text", (c) => c.notNull())
        .addColumn("shard", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("worker", "text")
        .addColumn("container_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("result_json", "text")
        .addColumn("error", "text")
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        .addPrimaryKeyConstraint("analysis_shard_pk", ["snapshot_id", "shard"])
        .execute();
      // Metrics from Mimir or Cortex (README, "Metrics from Thanos or Mimir"): a connection's tenant, X-Scope-OrgID.
      await db.schema.alterTable("cluster_connection").addColumn("tenant", "text").execute();
    },
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return {
        "001_foundation": m001(dialect),
        "002_container_attribute_value": m002(dialect),
        "003_container_attribute_container": m003(),
        "004_analysis_snapshot": m004(dialect),
        "005_node_analysis": m005(dialect),
        "006_grid_views": m006(),
        "007_container_analysis_gpu": m007(dialect),
        "008_cloud_inventory": m008(dialect),
        "009_cloud_analysis": m009(dialect),
        "010_sign_in_hardening": m010(dialect),
        "011_cluster_connections": m011(dialect),
        "012_cloud_connections": m012(dialect),
        "013_admission_decisions": m013(),
        "014_cloud_connection_group_size": m014(dialect),
        "015_k8s_node_group_index": m015(),
        "016_policies": m016(),
        "018_node_analysis_money": m018(dialect),
        "020_analysis_shards": m020(),
        "021_container_analysis_policy_index": m021(dialect),
        "022_node_group_series": m022(dialect),
        "023_planner_statistics": m023(dialect),
      };
    },
  };
}
