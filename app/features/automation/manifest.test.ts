import { describe, expect, it } from "vitest";
import { webhookManifest } from "./manifest";

describe("webhookManifest", () => {
  it("writes one pod-creation webhook that never blocks, with the address and the CA as caBundle", () => {
    const caPem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
    const yaml = webhookManifest({ clusterName: "prod-eu-1", url: "https://kubex.example:8443/mutate/id/tok", caPem });
    expect(yaml).toContain("kind: MutatingWebhookConfiguration");
    expect(yaml).toContain("failurePolicy: Ignore");
    expect(yaml).toContain("sideEffects: None");
    expect(yaml).toContain('admissionReviewVersions: ["v1"]');
    expect(yaml).toContain('      url: "https://kubex.example:8443/mutate/id/tok"');
    const bundle = /caBundle: (\S+)/.exec(yaml)?.[1] ?? "";
    expect(Buffer.from(bundle, "base64").toString()).toBe(`${caPem}\n`);
    expect(yaml).toContain('resources: ["pods"]');
    expect(yaml).toContain('operations: ["CREATE"]');
    expect(yaml.split("\n")[0]).toBe('# Kubex automation for cluster "prod-eu-1": kubectl apply -f this file in that cluster.');
  });
});
