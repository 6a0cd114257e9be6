/** The meta row that changes whenever a cloud connection's collected services change (caches keyed on the inventory read it). */
export const CLOUD_CONNECTIONS_STAMP_KEY = "cloud_connections.stamp";
