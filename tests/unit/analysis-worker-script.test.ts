import { describe, expect, it } from "vitest";
import { parseWorkerArgs } from "../../scripts/analysis-worker";
import { shardSettings } from "~/analysis/queue.server";

describe("scripts/analysis-worker.ts", () => {
  it("parses --threads and rejects anything else", () => {
    expect(parseWorkerArgs([])).toEqual({ threads: 0, help: false });
    expect(parseWorkerArgs(["--threads", "2"])).toEqual({
      threads: 2,
      help: false,
    });
    expect(parseWorkerArgs(["--threads=0", "-h"])).toEqual({
      threads: 0,
      help: true,
    });
    expect(() => parseWorkerArgs(["--threads", "many"])).toThrow(
      "--threads must be a whole number from 0 to 64"
    );
    expect(() => parseWorkerArgs(["--fast"])).toThrow(
      'Unknown argument "--fast".'
    );
  });

  it("reads the shard time-out and attempts from the environment, with defaults", () => {
    expect(shardSettings({})).toEqual({ timeoutSeconds: 1800, attempts: 3 });
    expect(
      shardSettings({
        KUBEX_ANALYSIS_SHARD_TIMEOUT_S: "60",
        KUBEX_ANALYSIS_SHARD_ATTEMPTS: "5",
      })
    ).toEqual({ timeoutSeconds: 60, attempts: 5 });
    expect(() =>
      shardSettings({ KUBEX_ANALYSIS_SHARD_TIMEOUT_S: "1" })
    ).toThrow(/KUBEX_ANALYSIS_SHARD_TIMEOUT_S/);
    expect(() => shardSettings({ KUBEX_ANALYSIS_QUEUE: "yes" })).toThrow(
      /KUBEX_ANALYSIS_QUEUE/
    );
  });
});

describe("scripts/collect.ts --tenant", () => {
  it("sends a Mimir tenant as the connection's tenant", async () => {
    const { parsePrometheusArgs } = await import("../../scripts/collect");
    expect(
      parsePrometheusArgs(
        [
          "--url",
          "https://mimir.example/prometheus",
          "--cluster",
          "c1",
          "--tenant",
          "team-a",
        ],
        {}
      ).connection
    ).toMatchObject({
      url: "https://mimir.example/prometheus",
      tenant: "team-a",
    });
    expect(
      parsePrometheusArgs(
        ["--url", "https://mimir.example/prometheus", "--cluster", "c1"],
        {}
      ).connection
    ).not.toHaveProperty("tenant");
  });
});
