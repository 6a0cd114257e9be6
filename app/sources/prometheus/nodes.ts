/**
 * Nodes and node groups from kube-state-metrics' kube_node_labels and kube_node_info (decision 014): the group is
 * the first of the usual managed-pool labels that a node carries (Karpenter, EKS, GKE, AKS, kOps), else its
 * instance type, else "default". kube-state-metrics v2 exports node labels only when allowed
 * (`--metric-labels-allowlist=nodes=[*]`); without them every node falls in "default".
 */
import type { Labels } from "./parse";

/** Label names as kube_node_labels spells them (label_ + the Kubernetes label with every odd character as _). */
export const NODE_GROUP_LABELS = [
  "label_karpenter_sh_nodepool",
  "label_karpenter_sh_provisioner_name",
  "label_eks_amazonaws_com_nodegroup",
  "label_alpha_eksctl_io_nodegroup_name",
  "label_cloud_google_com_gke_nodepool",
  "label_kubernetes_azure_com_agentpool",
  "label_agentpool",
  "label_kops_k8s_io_instancegroup",
] as const;
export const INSTANCE_TYPE_LABELS = ["label_node_kubernetes_io_instance_type", "label_beta_kubernetes_io_instance_type"] as const;
export const REGION_LABELS = ["label_topology_kubernetes_io_region", "label_failure_domain_beta_kubernetes_io_region"] as const;

const first = (labels: Labels, names: readonly string[]) => {
  for (const n of names) {
    const v = labels[n];
    if (v) return v;
  }
  return "";
};

export interface NodeFacts {
  name: string;
  group: string;
  instanceType: string;
  region: string;
  provider: string;
  kubeletVersion: string;
}

/** The provider from the node's provider id (kube_node_info) or its managed-pool labels. */
export function providerOf(providerId: string, labels: Labels): string {
  if (providerId.startsWith("aws://") || labels.label_eks_amazonaws_com_nodegroup || labels.label_alpha_eksctl_io_nodegroup_name) return "AWS";
  if (providerId.startsWith("gce://") || labels.label_cloud_google_com_gke_nodepool) return "GCP";
  if (providerId.startsWith("azure://") || labels.label_kubernetes_azure_com_agentpool) return "Azure";
  return "Other";
}

/** One node's facts from its kube_node_labels and kube_node_info label sets (either may be missing). */
export function nodeFacts(name: string, labels: Labels | undefined, info: Labels | undefined): NodeFacts {
  const l = labels ?? {};
  const instanceType = first(l, INSTANCE_TYPE_LABELS);
  return {
    name,
    group: first(l, NODE_GROUP_LABELS) || instanceType || "default",
    instanceType: instanceType || "unknown",
    region: first(l, REGION_LABELS),
    provider: providerOf(info?.provider_id ?? "", l),
    kubeletVersion: info?.kubelet_version ?? "",
  };
}

/** The most frequent value (ties: the first in sort order), or `fallback` for none. */
export function mode(values: Iterable<string>, fallback = ""): string {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = fallback;
  let bestCount = 0;
  for (const [v, n] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/** The highest of dotted versions ("v1.29.3-eks-…" > "v1.28.9"); "" for none. */
export function highestVersion(versions: Iterable<string>): string {
  const parts = (v: string) => (v.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  let best = "";
  for (const v of versions) {
    if (!v) continue;
    if (!best) {
      best = v;
      continue;
    }
    const a = parts(v);
    const b = parts(best);
    for (let i = 0; i < 3; i++) {
      if ((a[i] ?? 0) !== (b[i] ?? 0)) {
        if ((a[i] ?? 0) > (b[i] ?? 0)) best = v;
        break;
      }
    }
  }
  return best;
}
