/**
 * A loopback HTTPS stand-in for Azure: the Entra ID authority (OpenID configuration and the client-credentials
 * token endpoint MSAL calls), and Resource Manager JSON (subscriptions, virtual machines, VM Scale Sets and their
 * instances, autoscale settings and Monitor metrics), with nextLink paging.
 */
import { send, serve, series, sleep, type Served } from "./http";

export interface AzureVm {
  subscription: string;
  name: string;
  size: string;
  location: string;
}

export interface AzureScaleSet {
  subscription: string;
  name: string;
  size: string;
  location: string;
  /** sku.capacity; a Uniform set lists this many instances. */
  capacity: number;
  orchestration: "Uniform" | "Flexible";
  created: string;
  /** An enabled autoscale setting: its first profile's bounds and a CPU rule. */
  autoscale?: { min: number; max: number; cpuAbove: number };
}

export interface AzureScenario {
  scaleSets: AzureScaleSet[];
  /** Only calls whose path contains this wait delayMs; null: every call does. */
  slowPath: string | null;
  /** VM Scale Set calls answer 403 AuthorizationFailed (the principal lacks the Reader role on them). */
  refuseScaleSets: boolean;
  /** A flat value for a resource's metric and aggregation (null: no data); undefined: the daily shape. */
  metricValue?: (resourceId: string, metric: string, aggregation: "average" | "maximum" | "total") => number | null | undefined;
  tenantId: string;
  clientId: string;
  secret: string;
  subscriptions: { id: string; name: string }[];
  vms: AzureVm[];
  pageSize: number;
  delayMs: number;
  calls: string[];
  historyHours: number;
}

export function azureScenario(over: Partial<AzureScenario> = {}): AzureScenario {
  return {
    tenantId: "11111111-2222-3333-4444-555555555555",
    clientId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    secret: "azure-s3cret",
    subscriptions: [
      { id: "00000000-0000-0000-0000-00000000000a", name: "Contoso Production" },
      { id: "00000000-0000-0000-0000-00000000000b", name: "Contoso Staging" },
      { id: "00000000-0000-0000-0000-00000000000c", name: "Contoso Sandbox" },
    ],
    vms: [
      { subscription: "00000000-0000-0000-0000-00000000000a", name: "prod-vm-1", size: "Standard_D2s_v3", location: "eastus" },
      { subscription: "00000000-0000-0000-0000-00000000000a", name: "prod-vm-2", size: "Standard_D4s_v3", location: "eastus" },
      { subscription: "00000000-0000-0000-0000-00000000000a", name: "prod-vm-3", size: "Standard_D2s_v3", location: "westeurope" },
      { subscription: "00000000-0000-0000-0000-00000000000b", name: "stage-vm-1", size: "Standard_D2s_v3", location: "eastus" },
    ],
    pageSize: 2,
    delayMs: 0,
    calls: [],
    historyHours: 24,
    scaleSets: [],
    slowPath: null,
    refuseScaleSets: false,
    ...over,
  };
}

const json = (res: Parameters<typeof send>[0], status: number, body: unknown) => send(res, status, "application/json", JSON.stringify(body));

export async function startAzureStandIn(scenario: AzureScenario, tls: { key: string; cert: string }): Promise<Served> {
  let base = "";
  const served = await serve(async (req, body, res) => {
    const url = new URL(req.url ?? "/", base);
    const p = url.pathname;
    scenario.calls.push(`${req.method} ${p}`);
    if (scenario.delayMs && (scenario.slowPath === null || p.includes(scenario.slowPath))) await sleep(scenario.delayMs);
    const oidc = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(p);
    if (oidc) {
      const t = oidc[1];
      return json(res, 200, {
        token_endpoint: `${base}/${t}/oauth2/v2.0/token`,
        authorization_endpoint: `${base}/${t}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${base}/${t}/oauth2/v2.0/logout`,
        issuer: `${base}/${t}/v2.0`,
        jwks_uri: `${base}/${t}/discovery/v2.0/keys`,
        response_types_supported: ["code", "id_token", "token"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
      });
    }
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(p);
    if (token && req.method === "POST") {
      const form = new URLSearchParams(body);
      if (token[1] !== scenario.tenantId) return json(res, 400, { error: "invalid_request", error_description: `AADSTS90002: Tenant '${token[1]}' not found.` });
      if (form.get("client_id") !== scenario.clientId) return json(res, 400, { error: "unauthorized_client", error_description: `AADSTS700016: Application with identifier '${form.get("client_id")}' was not found in the directory.` });
      if (form.get("client_secret") !== scenario.secret) return json(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
      return json(res, 200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: "stand-in-arm-token" });
    }
    if (req.headers.authorization !== "Bearer stand-in-arm-token") return json(res, 401, { error: { code: "AuthenticationFailed", message: "Authentication failed." } });
    const skip = Number(url.searchParams.get("$skiptoken") ?? 0);
    const page = <T>(all: T[]) => {
      const items = all.slice(skip, skip + scenario.pageSize);
      const next = new URL(url.toString());
      next.searchParams.set("$skiptoken", String(skip + scenario.pageSize));
      return { value: items, ...(skip + scenario.pageSize < all.length ? { nextLink: next.toString() } : {}) };
    };
    if (p === "/subscriptions") {
      return json(res, 200, page(scenario.subscriptions.map((s) => ({ id: `/subscriptions/${s.id}`, subscriptionId: s.id, displayName: s.name, state: "Enabled", tenantId: scenario.tenantId }))));
    }
    const vms = /^\/subscriptions\/([^/]+)\/providers\/Microsoft\.Compute\/virtualMachines$/i.exec(p);
    if (vms) {
      const list = scenario.vms
        .filter((v) => v.subscription === vms[1])
        .map((v) => ({
          id: `/subscriptions/${v.subscription}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${v.name}`,
          name: v.name,
          type: "Microsoft.Compute/virtualMachines",
          location: v.location,
          properties: { vmId: v.name, hardwareProfile: { vmSize: v.size }, storageProfile: { osDisk: { osType: "Linux", name: `${v.name}-os` } }, timeCreated: "2026-02-01T08:00:00Z", provisioningState: "Succeeded" },
        }));
      return json(res, 200, page(list));
    }
    const setId = (v: AzureScaleSet) => `/subscriptions/${v.subscription}/resourceGroups/rg-${v.name}/providers/Microsoft.Compute/virtualMachineScaleSets/${v.name}`;
    const sets = /^\/subscriptions\/([^/]+)\/providers\/Microsoft\.Compute\/virtualMachineScaleSets$/i.exec(p);
    const setVms = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.Compute\/virtualMachineScaleSets\/([^/]+)\/virtualMachines$/i.exec(p);
    if ((sets || setVms) && scenario.refuseScaleSets) {
      return json(res, 403, {
        error: { code: "AuthorizationFailed", message: `The client '${scenario.clientId}' does not have authorization to perform action 'Microsoft.Compute/virtualMachineScaleSets/read'.` },
      });
    }
    if (sets) {
      const list = scenario.scaleSets
        .filter((v) => v.subscription === sets[1])
        .map((v) => ({
          id: setId(v),
          name: v.name,
          type: "Microsoft.Compute/virtualMachineScaleSets",
          location: v.location,
          sku: { name: v.size, tier: "Standard", capacity: v.capacity },
          zones: ["1", "2"],
          properties: {
            orchestrationMode: v.orchestration,
            timeCreated: v.created,
            provisioningState: "Succeeded",
            virtualMachineProfile: { storageProfile: { osDisk: { osType: "Linux", createOption: "FromImage" } }, osProfile: { computerNamePrefix: v.name, linuxConfiguration: {} } },
          },
        }));
      return json(res, 200, page(list));
    }
    if (setVms) {
      const v = scenario.scaleSets.find((x) => x.subscription === setVms[1] && x.name === setVms[3] && `rg-${x.name}` === setVms[2]);
      if (!v) return json(res, 404, { error: { code: "ResourceNotFound", message: p } });
      const list = Array.from({ length: v.capacity }, (_, k) => ({
        id: `${setId(v)}/virtualMachines/${k}`,
        name: `${v.name}_${k}`,
        instanceId: String(k),
        type: "Microsoft.Compute/virtualMachineScaleSets/virtualMachines",
        location: v.location,
        zones: [String((k % 2) + 1)],
        sku: { name: v.size, tier: "Standard" },
        properties: { latestModelApplied: true, vmId: `${v.name}-${k}`, timeCreated: v.created, provisioningState: "Succeeded" },
      }));
      return json(res, 200, page(list));
    }
    const autoscale = /^\/subscriptions\/([^/]+)\/providers\/Microsoft\.Insights\/autoscalesettings$/i.exec(p);
    if (autoscale) {
      const list = scenario.scaleSets
        .filter((v) => v.subscription === autoscale[1] && v.autoscale)
        .map((v) => ({
          id: `/subscriptions/${v.subscription}/resourceGroups/rg-${v.name}/providers/microsoft.insights/autoscalesettings/${v.name}-autoscale`,
          name: `${v.name}-autoscale`,
          type: "Microsoft.Insights/autoscaleSettings",
          location: v.location,
          properties: {
            enabled: true,
            targetResourceUri: setId(v),
            profiles: [
              {
                name: "default",
                capacity: { minimum: String(v.autoscale!.min), maximum: String(v.autoscale!.max), default: String(v.capacity) },
                rules: [
                  {
                    metricTrigger: { metricName: "Percentage CPU", metricResourceUri: setId(v), timeGrain: "PT1M", statistic: "Average", timeWindow: "PT5M", timeAggregation: "Average", operator: "GreaterThan", threshold: v.autoscale!.cpuAbove },
                    scaleAction: { direction: "Increase", type: "ChangeCount", value: "1", cooldown: "PT5M" },
                  },
                ],
              },
            ],
          },
        }));
      return json(res, 200, page(list));
    }
    if (/\/providers\/Microsoft\.Insights\/metrics$/i.test(p)) {
      const names = (url.searchParams.get("metricnames") ?? "").split(",");
      const [, to] = (url.searchParams.get("timespan") ?? "").split("/");
      const end = to ? new Date(to).getTime() : Date.now();
      return json(res, 200, {
        timespan: url.searchParams.get("timespan"),
        interval: "PT5M",
        value: names.map((n) => {
          const resource = p.replace(/\/providers\/Microsoft\.Insights\/metrics$/i, "");
          // an autoscale setting's ObservedCapacity: its scale set's capacity, flat unless the scenario says otherwise
          const watched = n === "ObservedCapacity" ? scenario.scaleSets.find((v) => resource.toLowerCase().endsWith(`/autoscalesettings/${v.name}-autoscale`)) : undefined;
          const base = watched ? watched.capacity : n === "Percentage CPU" ? 25 : n.includes("Operations") ? 40 : n === "Available Memory Bytes" ? 4 * 1024 ** 3 : 2_000_000;
          const fixed = (agg: "average" | "maximum" | "total") => scenario.metricValue?.(resource, n, agg);
          const data =
            fixed("average") === null
              ? []
              : series(end, scenario.historyHours, base).map((pt) => ({
                  timeStamp: new Date(pt.t).toISOString(),
                  average: fixed("average") ?? (watched ? base : pt.v),
                  maximum: fixed("maximum") ?? pt.v * 1.6,
                  total: fixed("total") ?? pt.v * 300,
                }));
          return {
            id: `${p}/${n}`,
            type: "Microsoft.Insights/metrics",
            name: { value: n, localizedValue: n },
            unit: n === "Percentage CPU" ? "Percent" : "Bytes",
            timeseries: [{ metadatavalues: [], data }],
          };
        }),
      });
    }
    json(res, 404, { error: { code: "NotFound", message: p } });
  }, { tls });
  base = served.url;
  return served;
}
