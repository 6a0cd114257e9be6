import { describe, expect, it } from "vitest";
import { demoCloudSizeFromEnv } from "~/sources/collect.server";
import { DemoOptionsError } from "~/sources/demo";
import { UsageError, parseCollectArgs } from "../../scripts/collect";

describe("the demo fleet's cloud size", () => {
  it("comes from --cloud-size, else KUBEX_DEMO_CLOUD_SIZE, else the size's default", () => {
    expect(parseCollectArgs(["--cloud-size", "20000"], {}).cloudSize).toBe(20_000);
    expect(parseCollectArgs(["--cloud-size=500"], { KUBEX_DEMO_CLOUD_SIZE: "900" }).cloudSize).toBe(500);
    expect(parseCollectArgs([], { KUBEX_DEMO_CLOUD_SIZE: "900" }).cloudSize).toBe(900);
    expect(parseCollectArgs([], { KUBEX_DEMO_CLOUD_SIZE: " " }).cloudSize).toBeUndefined();
    expect(parseCollectArgs(["--size", "300"], {}).cloudSize).toBeUndefined();
  });

  it.each([
    [["--cloud-size", "39"], "--cloud-size must be a whole number of cloud instances from 40 to 50000 (got 39)."],
    [["--cloud-size", "50001"], "--cloud-size must be a whole number of cloud instances from 40 to 50000 (got 50001)."],
    [["--cloud-size", "2e4"], '--cloud-size must be a whole number (got "2e4").'],
    [["--cloud-size"], "--cloud-size needs a value."],
    [["--cloud-size", "100", "--cloud-size", "200"], "--cloud-size is given twice."],
  ])("rejects %j with a clear message", (argv, message) => {
    expect(() => parseCollectArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCollectArgs(argv, {})).toThrow(message);
  });

  it.each(["abc", "-5", "12.5", "10", "99999"])("rejects KUBEX_DEMO_CLOUD_SIZE=%s, naming the variable", (value) => {
    expect(() => demoCloudSizeFromEnv({ KUBEX_DEMO_CLOUD_SIZE: value })).toThrow(DemoOptionsError);
    expect(() => demoCloudSizeFromEnv({ KUBEX_DEMO_CLOUD_SIZE: value })).toThrow(
      `KUBEX_DEMO_CLOUD_SIZE must be a whole number of cloud instances from 40 to 50000 (got "${value}")`,
    );
    expect(() => parseCollectArgs([], { KUBEX_DEMO_CLOUD_SIZE: value })).toThrow(UsageError);
  });
});
