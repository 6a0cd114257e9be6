/**
 * The admission webhook's test helpers: a self-signed certificate for 127.0.0.1 made with Debian's openssl, an
 * HTTPS POST that trusts only that certificate, and AdmissionReview bodies as a real API server sends them.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

export interface TestCert {
  dir: string;
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

/** A self-signed certificate (its own CA) for 127.0.0.1 and localhost. */
export function makeTestCert(): TestCert {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-webhook-cert-"));
  const certFile = path.join(dir, "tls.crt");
  const keyFile = path.join(dir, "tls.key");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=kubex-webhook", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
    { stdio: "ignore" },
  );
  return { dir, certFile, keyFile, cert: fs.readFileSync(certFile, "utf8"), key: fs.readFileSync(keyFile, "utf8") };
}

export interface PostAnswer {
  status: number;
  json: any;
}

/** POSTs a body over HTTPS trusting only `ca`. */
export function postHttps(url: string, body: string, ca: string): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: "POST", ca, headers: { "Content-Type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // a text answer
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

let uidSeq = 0;

interface PodSpecInput {
  namespace: string;
  owner?: { kind: string; name: string };
  labels?: Record<string, string>;
  containers: Record<string, unknown>[];
  initContainers?: Record<string, unknown>[];
  dryRun?: boolean;
}

/** An AdmissionReview for the creation of a pod, as kube-apiserver sends it (no name yet, a generateName). */
export function podReview({ namespace, owner, labels, containers, initContainers, dryRun }: PodSpecInput) {
  uidSeq += 1;
  const uid = `0000-uid-${uidSeq}`;
  return {
    uid,
    body: {
      apiVersion: "admission.k8s.io/v1",
      kind: "AdmissionReview",
      request: {
        uid,
        kind: { group: "", version: "v1", kind: "Pod" },
        resource: { group: "", version: "v1", resource: "pods" },
        requestKind: { group: "", version: "v1", kind: "Pod" },
        requestResource: { group: "", version: "v1", resource: "pods" },
        namespace,
        operation: "CREATE",
        userInfo: { username: "system:serviceaccount:kube-system:replicaset-controller", groups: ["system:serviceaccounts"] },
        object: {
          apiVersion: "v1",
          kind: "Pod",
          metadata: {
            generateName: owner ? `${owner.name}-` : "",
            namespace,
            labels: labels ?? {},
            ownerReferences: owner ? [{ apiVersion: "apps/v1", kind: owner.kind, name: owner.name, uid: "o-1", controller: true, blockOwnerDeletion: true }] : [],
          },
          spec: { containers, ...(initContainers ? { initContainers } : {}) },
        },
        oldObject: null,
        dryRun: dryRun === true,
        options: { apiVersion: "meta.k8s.io/v1", kind: "CreateOptions" },
      },
    },
  };
}

/** The JSONPatch of an answer, decoded. */
export function patchOf(answer: PostAnswer): unknown[] | undefined {
  const p = answer.json?.response?.patch;
  return typeof p === "string" ? (JSON.parse(Buffer.from(p, "base64").toString("utf8")) as unknown[]) : undefined;
}
