/** Name pools of the demo fleet: what a mid-size company's clusters, namespaces and workloads are called. */
import type { CloudProvider } from "~/engine/source-contract";

export type Environment = "prod" | "stage" | "dev";
export type Flavor = "eks" | "aks" | "gke";

export const FLAVOR_PROVIDER: Record<Flavor, CloudProvider> = { eks: "AWS", aks: "Azure", gke: "GCP" };

/** Regions per flavor with the short code used in cluster names. */
export const FLAVOR_REGIONS: Record<Flavor, readonly (readonly [region: string, short: string])[]> = {
  eks: [
    ["us-east-1", "use1"],
    ["us-west-2", "usw2"],
    ["eu-west-1", "euw1"],
    ["eu-central-1", "euc1"],
    ["ap-southeast-1", "apse1"],
  ],
  aks: [
    ["eastus", "eus"],
    ["westeurope", "weu"],
    ["northeurope", "neu"],
    ["westus2", "wus2"],
  ],
  gke: [
    ["us-central1", "usc1"],
    ["europe-west1", "euw1"],
    ["us-east1", "use1"],
    ["asia-southeast1", "ase1"],
  ],
};

/** The UTC hour at which a region's users are busiest (mid-afternoon local time). */
export const REGION_PEAK_HOUR_UTC: Record<string, number> = {
  "us-east-1": 19,
  "us-west-2": 22,
  "eu-west-1": 14,
  "eu-central-1": 13,
  "ap-southeast-1": 7,
  eastus: 19,
  westeurope: 13,
  northeurope: 14,
  westus2: 22,
  "us-central1": 20,
  "europe-west1": 13,
  "us-east1": 19,
  "asia-southeast1": 7,
};

export type BusinessUnit = "Retail" | "Finance" | "Platform" | "Data" | "Marketing";

export const TEAMS: Record<BusinessUnit, readonly string[]> = {
  Retail: ["checkout-squad", "storefront", "catalog-team", "fulfilment", "customer-experience"],
  Finance: ["payments-core", "billing-team", "risk-and-fraud", "ledger-team"],
  Platform: ["sre", "platform-infra", "observability", "identity-team", "developer-experience"],
  Data: ["data-engineering", "ml-platform", "analytics", "search-relevance"],
  Marketing: ["growth", "content", "campaigns", "crm-team"],
};

/** Application namespaces and the business unit that owns them. */
export const APP_NAMESPACES: readonly (readonly [name: string, bu: BusinessUnit])[] = [
  ["payments", "Finance"],
  ["checkout", "Retail"],
  ["search", "Data"],
  ["catalog", "Retail"],
  ["cart", "Retail"],
  ["orders", "Retail"],
  ["inventory", "Retail"],
  ["shipping", "Retail"],
  ["pricing", "Retail"],
  ["reviews", "Retail"],
  ["loyalty", "Marketing"],
  ["notifications", "Marketing"],
  ["identity", "Platform"],
  ["auth", "Platform"],
  ["gateway", "Platform"],
  ["frontend", "Retail"],
  ["mobile-bff", "Retail"],
  ["billing", "Finance"],
  ["ledger", "Finance"],
  ["fraud-detection", "Finance"],
  ["invoicing", "Finance"],
  ["data-pipeline", "Data"],
  ["analytics", "Data"],
  ["ml-serving", "Data"],
  ["recommendations", "Data"],
  ["reporting", "Data"],
  ["feature-store", "Data"],
  ["marketing-web", "Marketing"],
  ["cms", "Marketing"],
  ["campaigns", "Marketing"],
  ["media", "Marketing"],
  ["crm", "Marketing"],
  ["customer-support", "Retail"],
  ["warehouse", "Retail"],
  ["returns", "Retail"],
  ["subscriptions", "Finance"],
  ["tax", "Finance"],
  ["ci-runners", "Platform"],
  ["feature-flags", "Platform"],
  ["secrets", "Platform"],
];

/** Latency-critical namespaces: in production they run under the "Performance First" policy. */
export const CRITICAL_NAMESPACES = new Set(["payments", "checkout", "gateway", "auth"]);

export const POLICIES = {
  system: "System Default Policy",
  balanced: "Production Balanced",
  saver: "Cost Saver",
  performance: "Performance First",
} as const;

/** Words an application component is named after, and the roles it plays. */
export const COMPONENTS = [
  "account", "address", "basket", "coupon", "currency", "customer", "delivery", "discount", "email", "event",
  "export", "feed", "gift-card", "import", "invoice", "media", "offer", "order", "payment", "payout", "price",
  "product", "profile", "promo", "rating", "receipt", "refund", "report", "session", "settlement", "shipment",
  "sms", "stock", "subscription", "ticket", "token", "user", "voucher", "wishlist", "webhook", "audit", "quote",
] as const;
export const DEPLOYMENT_ROLES = [
  "api", "api", "api", "service", "service", "worker", "worker", "web", "consumer", "gateway", "grpc", "bff",
  "sync", "indexer", "admin", "scheduler", "publisher", "proxy",
] as const;

/** Stateful products: owner suffix, container name, its technology and an optional exporter sidecar. */
export const STATEFUL_PRODUCTS: readonly (readonly [container: string, technology: string, exporter: string | null])[] = [
  ["postgres", "postgres", "postgres-exporter"],
  ["redis", "redis", "redis-exporter"],
  ["kafka", "java", "kafka-exporter"],
  ["zookeeper", "java", null],
  ["elasticsearch", "java", "elasticsearch-exporter"],
  ["rabbitmq", "erlang", null],
  ["mongodb", "mongodb", "mongodb-exporter"],
  ["cassandra", "java", null],
  ["mysql", "mysql", "mysqld-exporter"],
  ["memcached", "memcached", null],
];

export const JOB_NAMES = [
  "db-migrate", "backfill", "reindex", "data-export", "schema-upgrade", "seed-fixtures", "bulk-import", "replay-events",
] as const;
export const CRONJOB_NAMES = [
  "nightly-report", "cleanup", "sync", "rollup-hourly", "cache-warmer", "invoice-run", "expire-sessions",
  "snapshot", "digest-email", "reconcile", "purge-logs", "refresh-views",
] as const;

/** Technologies of custom application images, chosen per namespace with a bias (teams standardise). */
export const APP_TECHNOLOGIES = ["java", "go", "nodejs", "python", "dotnet", "ruby", "kotlin"] as const;

/** Technologies of well-known images, by container name. */
export const IMAGE_TECHNOLOGY: Record<string, string> = {
  "istio-proxy": "envoy",
  envoy: "envoy",
  "fluent-bit": "fluent-bit",
  "cloud-sql-proxy": "go",
  "vault-agent": "go",
  "oauth2-proxy": "go",
  "config-reloader": "go",
  "postgres-exporter": "go",
  "redis-exporter": "go",
  "kafka-exporter": "go",
  "elasticsearch-exporter": "go",
  "mongodb-exporter": "go",
  "mysqld-exporter": "go",
  nginx: "nginx",
  controller: "nginx",
};

export interface SidecarSpec {
  name: string;
  cpuRequest: number;
  memRequest: number;
  cpuLimit: number | null;
  memLimit: number | null;
}

export const SIDECARS: Record<string, SidecarSpec> = {
  "istio-proxy": { name: "istio-proxy", cpuRequest: 100, memRequest: 128, cpuLimit: 2000, memLimit: 1024 },
  envoy: { name: "envoy", cpuRequest: 100, memRequest: 128, cpuLimit: null, memLimit: 256 },
  "fluent-bit": { name: "fluent-bit", cpuRequest: 50, memRequest: 64, cpuLimit: 200, memLimit: 128 },
  "cloud-sql-proxy": { name: "cloud-sql-proxy", cpuRequest: 100, memRequest: 128, cpuLimit: null, memLimit: 256 },
  "vault-agent": { name: "vault-agent", cpuRequest: 25, memRequest: 64, cpuLimit: 100, memLimit: 128 },
  "oauth2-proxy": { name: "oauth2-proxy", cpuRequest: 50, memRequest: 64, cpuLimit: 200, memLimit: 128 },
  exporter: { name: "exporter", cpuRequest: 50, memRequest: 64, cpuLimit: 200, memLimit: 128 },
};

export interface SystemContainer {
  name: string;
  technology: string;
  cpuRequest: number;
  memRequest: number;
  cpuLimit: number | null;
  memLimit: number | null;
}
export interface SystemOwner {
  namespace: string;
  kind: "Deployment" | "StatefulSet" | "DaemonSet";
  name: string;
  replicas: number;
  containers: SystemContainer[];
}

function c(name: string, technology: string, cpuRequest: number, memRequest: number, cpuLimit: number | null, memLimit: number | null): SystemContainer {
  return { name, technology, cpuRequest, memRequest, cpuLimit, memLimit };
}

/** Add-ons every cluster runs, most important first (small clusters keep only the first few). */
export function systemOwners(flavor: Flavor): SystemOwner[] {
  const cni: SystemOwner =
    flavor === "eks"
      ? { namespace: "kube-system", kind: "DaemonSet", name: "aws-node", replicas: 0, containers: [c("aws-node", "go", 25, 64, null, null), c("aws-eks-nodeagent", "go", 25, 64, null, null)] }
      : flavor === "aks"
        ? { namespace: "kube-system", kind: "DaemonSet", name: "azure-cns", replicas: 0, containers: [c("cns-container", "go", 40, 250, 40, 250)] }
        : { namespace: "kube-system", kind: "DaemonSet", name: "fluentbit-gke", replicas: 0, containers: [c("fluentbit", "fluent-bit", 50, 100, null, 250), c("fluentbit-gke", "go", 50, 100, null, 250)] };
  const csi: SystemOwner = {
    namespace: "kube-system",
    kind: "DaemonSet",
    name: flavor === "eks" ? "ebs-csi-node" : flavor === "aks" ? "csi-azuredisk-node" : "pdcsi-node",
    replicas: 0,
    containers: [c(flavor === "eks" ? "ebs-plugin" : flavor === "aks" ? "azuredisk" : "gce-pd-driver", "go", 10, 40, null, 256), c("node-driver-registrar", "go", 10, 40, null, 128)],
  };
  const autoscaler: SystemOwner =
    flavor === "gke"
      ? { namespace: "kube-system", kind: "Deployment", name: "konnectivity-agent", replicas: 3, containers: [c("konnectivity-agent", "go", 10, 30, null, 125)] }
      : { namespace: "kube-system", kind: "Deployment", name: "cluster-autoscaler", replicas: 1, containers: [c("cluster-autoscaler", "go", 100, 600, 100, 600)] };
  return [
    { namespace: "kube-system", kind: "Deployment", name: "coredns", replicas: 2, containers: [c("coredns", "go", 100, 70, null, 170)] },
    { namespace: "kube-system", kind: "DaemonSet", name: "kube-proxy", replicas: 0, containers: [c("kube-proxy", "go", 100, 128, null, null)] },
    cni,
    { namespace: "monitoring", kind: "StatefulSet", name: "prometheus-k8s", replicas: 2, containers: [c("prometheus", "go", 500, 2048, null, 4096), c("config-reloader", "go", 10, 50, 100, 50)] },
    { namespace: "monitoring", kind: "DaemonSet", name: "node-exporter", replicas: 0, containers: [c("node-exporter", "go", 100, 180, 250, 180)] },
    { namespace: "kube-system", kind: "Deployment", name: "metrics-server", replicas: 2, containers: [c("metrics-server", "go", 100, 200, null, null)] },
    { namespace: "monitoring", kind: "Deployment", name: "kube-state-metrics", replicas: 1, containers: [c("kube-state-metrics", "go", 100, 190, 200, 250)] },
    { namespace: "ingress-nginx", kind: "Deployment", name: "ingress-nginx-controller", replicas: 3, containers: [c("controller", "nginx", 100, 90, null, null)] },
    csi,
    autoscaler,
    { namespace: "logging", kind: "DaemonSet", name: "fluent-bit", replicas: 0, containers: [c("fluent-bit", "fluent-bit", 100, 128, null, 256)] },
    { namespace: "monitoring", kind: "StatefulSet", name: "alertmanager-main", replicas: 2, containers: [c("alertmanager", "go", 50, 100, 100, 200), c("config-reloader", "go", 10, 50, 100, 50)] },
    { namespace: "monitoring", kind: "Deployment", name: "grafana", replicas: 1, containers: [c("grafana", "go", 100, 256, 500, 512)] },
    { namespace: "cert-manager", kind: "Deployment", name: "cert-manager", replicas: 1, containers: [c("cert-manager-controller", "go", 10, 32, null, null)] },
    { namespace: "cert-manager", kind: "Deployment", name: "cert-manager-webhook", replicas: 1, containers: [c("cert-manager-webhook", "go", 10, 32, null, null)] },
    { namespace: "istio-system", kind: "Deployment", name: "istiod", replicas: 2, containers: [c("discovery", "go", 500, 2048, null, null)] },
    { namespace: "istio-system", kind: "Deployment", name: "istio-ingressgateway", replicas: 3, containers: [c("istio-proxy", "envoy", 100, 128, 2000, 1024)] },
    { namespace: "logging", kind: "StatefulSet", name: "loki", replicas: 3, containers: [c("loki", "go", 250, 1024, null, 2048)] },
  ];
}

export const SYSTEM_NAMESPACE_BU: Record<string, BusinessUnit> = {
  "kube-system": "Platform",
  monitoring: "Platform",
  logging: "Platform",
  "ingress-nginx": "Platform",
  "cert-manager": "Platform",
  "istio-system": "Platform",
};
export const SYSTEM_NAMESPACE_TEAM: Record<string, string> = {
  "kube-system": "platform-infra",
  monitoring: "observability",
  logging: "observability",
  "ingress-nginx": "sre",
  "cert-manager": "sre",
  "istio-system": "platform-infra",
};

/** Node group roles and the instance types a cluster of each flavor uses for them. */
export type GroupRole = "system" | "general" | "memory" | "compute" | "spot" | "batch" | "arm";
export const GROUP_INSTANCE_TYPES: Record<Flavor, Record<GroupRole, readonly string[]>> = {
  eks: {
    system: ["m5.large", "m5.xlarge", "m6i.xlarge"],
    general: ["m5.2xlarge", "m6i.2xlarge", "m5.4xlarge", "m5a.2xlarge", "m6a.2xlarge", "m4.xlarge"],
    memory: ["r5.2xlarge", "r6i.2xlarge", "r5.xlarge", "r5.4xlarge"],
    compute: ["c5.2xlarge", "c6i.4xlarge", "c5.4xlarge", "c6i.2xlarge"],
    spot: ["m5.xlarge", "c5.xlarge", "m5.2xlarge"],
    batch: ["c5.2xlarge", "m5.xlarge"],
    arm: ["m6g.xlarge", "m7g.xlarge"],
  },
  aks: {
    system: ["Standard_D4s_v5", "Standard_D2s_v5"],
    general: ["Standard_D8s_v5", "Standard_D16s_v5", "Standard_D8as_v5", "Standard_D8s_v3"],
    memory: ["Standard_E8s_v5", "Standard_E4s_v5"],
    compute: ["Standard_F8s_v2", "Standard_F16s_v2"],
    spot: ["Standard_D4s_v5", "Standard_D4as_v5"],
    batch: ["Standard_F8s_v2", "Standard_D4s_v3"],
    arm: ["Standard_D8s_v5"],
  },
  gke: {
    system: ["e2-standard-4", "n2-standard-4"],
    general: ["n2-standard-8", "n2-standard-16", "e2-standard-8", "n2d-standard-8", "n1-standard-8"],
    memory: ["n2-highmem-8", "n2-highmem-4"],
    compute: ["c2-standard-8"],
    spot: ["e2-standard-4", "e2-standard-8"],
    batch: ["e2-standard-8", "n2-standard-4"],
    arm: ["n2-standard-8"],
  },
};
