/** The Kubernetes Connections screen's page sizes (spec document 3, 2.9). */
export const CONNECTION_PAGE_SIZES = [20, 50, 100] as const;

/** The cookie that remembers whether the three-step instructions panel is open ("open", default) or "closed". */
export const INSTRUCTIONS_COOKIE = "kubex_connection_help";

/** The secure connection parameters dialog's snippet (decision 019). */
export function credentialsSnippet(c: { userName: string; token: string; instanceName: string }): string {
  return [
    "# Kubex connection parameters (keep them secret: the token acts as you).",
    "# A job in the cluster can call the API with them, e.g. to collect after deploying data collection:",
    `#   curl -s ${c.instanceName}/api/graphql/data-collection-status -H "Authorization: Bearer $KUBEX_TOKEN" \\`,
    `#     -H 'Content-Type: application/json' -d '{"query":"mutation { collectNow { status message } }"}'`,
    "kubex:",
    `  host: ${c.instanceName}`,
    `  username: ${c.userName}`,
    `  token: ${c.token}`,
    "",
  ].join("\n");
}
