/**
 * The MutatingWebhookConfiguration an administrator applies in a cluster (decision 019): one webhook on pod
 * creation, `failurePolicy: Ignore` (the webhook never blocks a pod, even when Kubex is down), `sideEffects: None`
 * (the decision log Kubex keeps is outside the cluster and decides nothing later), `reinvocationPolicy: Never`,
 * a short time-out, kube-system left out, and a per-pod opt-out label.
 */
export const WEBHOOK_CONFIGURATION_NAME = "kubex-automation";
export const OPT_OUT_LABEL = "kubex.io/automation";

export interface ManifestInput {
  clusterName: string;
  /** The full address of this cluster's endpoint (https://…/mutate/<connection id>/<token>). */
  url: string;
  /** The PEM of the CA the API server must trust for that address. */
  caPem: string;
}

const quote = (s: string) => JSON.stringify(s);

export function webhookManifest({ clusterName, url, caPem }: ManifestInput): string {
  const caBundle = Buffer.from(caPem.trim() + "\n").toString("base64");
  return [
    `# Kubex automation for cluster ${quote(clusterName)}: kubectl apply -f this file in that cluster.`,
    "apiVersion: admissionregistration.k8s.io/v1",
    "kind: MutatingWebhookConfiguration",
    "metadata:",
    `  name: ${WEBHOOK_CONFIGURATION_NAME}`,
    "  labels:",
    `    app.kubernetes.io/name: ${WEBHOOK_CONFIGURATION_NAME}`,
    "webhooks:",
    "  - name: automation.kubex.io",
    '    admissionReviewVersions: ["v1"]',
    "    sideEffects: None",
    "    failurePolicy: Ignore",
    "    reinvocationPolicy: Never",
    "    matchPolicy: Equivalent",
    "    timeoutSeconds: 5",
    "    clientConfig:",
    `      url: ${quote(url)}`,
    `      caBundle: ${caBundle}`,
    "    rules:",
    '      - operations: ["CREATE"]',
    '        apiGroups: [""]',
    '        apiVersions: ["v1"]',
    '        resources: ["pods"]',
    "        scope: Namespaced",
    "    namespaceSelector:",
    "      matchExpressions:",
    "        - key: kubernetes.io/metadata.name",
    "          operator: NotIn",
    '          values: ["kube-system", "kube-node-lease", "kube-public"]',
    "    objectSelector:",
    "      matchExpressions:",
    `        - key: ${OPT_OUT_LABEL}`,
    "          operator: NotIn",
    '          values: ["off"]',
    "",
  ].join("\n");
}
