/**
 * One describe block's cloud stand-in on one store, as every cloud connection test needs it: the stand-in started
 * before all (over HTTPS with a self-signed certificate when asked) with the product's cloud settings pointed at it,
 * the scenario reset and the test's store closed after each test, the stand-in stopped and the settings put back
 * after all.
 */
import fs from "node:fs";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { TestStore } from "../stores";
import type { Served } from "./http";
import { useCloudEnv } from "./env";
import { selfSignedCert } from "./tls";

type Certificate = ReturnType<typeof selfSignedCert>;

export interface StandInHow<S> {
  /** A fresh scenario: the stand-in's data and its call log. */
  scenario: () => S;
  start: (scenario: S, tls: Certificate) => Promise<Served>;
  /** Serve over HTTPS with a throwaway certificate authority (KUBEX_CLOUD_CA_FILE trusts it). */
  https?: boolean;
  /** The settings that point the product at the stand-in. */
  env: (url: string) => Record<string, string>;
  timeoutMs?: number;
}

export function useCloudStandIn<S extends { calls: unknown[] }>(testStore: TestStore, how: StandInHow<S>) {
  const env = useCloudEnv();
  const scenario = how.scenario();
  let standIn: Served | undefined;
  let tlsDir = "";
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const tls = how.https ? selfSignedCert() : undefined;
    tlsDir = tls?.dir ?? "";
    // The plain-HTTP stand-ins take no certificate; the argument is only read by the HTTPS ones.
    standIn = await how.start(scenario, tls as Certificate);
    env.set({ KUBEX_CLOUD_TIMEOUT_MS: String(how.timeoutMs ?? 1500), ...(tls ? { KUBEX_CLOUD_CA_FILE: tls.caFile } : {}), ...how.env(standIn.url) });
  });
  afterAll(async () => {
    await standIn?.close();
    if (tlsDir) fs.rmSync(tlsDir, { recursive: true, force: true });
    env.restore();
  });
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
    Object.assign(scenario, how.scenario(), { calls: [] });
  });

  return {
    /** The stand-in's scenario: the same object for the whole block, reset after each test. */
    scenario,
    /** Sets more settings for this block (put back after it). */
    setEnv: env.set,
    /** The test's store, closed after the test. */
    async open(): Promise<Kysely<Database>> {
      const store = await testStore.open();
      dispose = store.dispose;
      return store.db;
    },
  };
}
