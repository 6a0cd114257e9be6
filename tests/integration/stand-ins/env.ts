/**
 * Sets the cloud settings (and the secret key and AWS's own credentials) for one describe block, and puts them back
 * after it (each store's block sets them again).
 */
import { afterAll, beforeAll } from "vitest";

export function useCloudEnv() {
  const saved = new Map<string, string | undefined>();
  const set = (vars: Record<string, string>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (!saved.has(k)) saved.set(k, process.env[k]);
      process.env[k] = v;
    }
  };
  const restore = () => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    saved.clear();
  };
  beforeAll(() =>
    set({
      KUBEX_SECRET_KEY: "a".repeat(64),
      AWS_ACCESS_KEY_ID: "AKIASTANDINTEST",
      AWS_SECRET_ACCESS_KEY: "stand-in-secret",
      AWS_REGION: "us-east-1",
      AWS_EC2_METADATA_DISABLED: "true",
    }),
  );
  afterAll(restore);
  return { set, restore };
}
