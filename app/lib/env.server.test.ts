import { describe, expect, it } from "vitest";
import { env, EnvError } from "./env.server";

describe("env", () => {
  it("reads the variables with their types, blank as unset", () => {
    expect(env({ PORT: "8080", KUBEX_DEMO_SIZE: "5000", DATABASE_URL: "", KUBEX_HIDE_DEMO_LOGIN: "1" })).toMatchObject({
      PORT: 8080,
      KUBEX_DEMO_SIZE: 5000,
      DATABASE_URL: undefined,
      KUBEX_HIDE_DEMO_LOGIN: "1",
    });
    expect(env({})).toEqual({});
  });
  it("names every bad variable", () => {
    expect(() => env({ PORT: "http", DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    try {
      env({ PORT: "70000", DATABASE_URL: "mysql://x", SESSION_SECRET: "short" });
    } catch (e) {
      expect((e as EnvError).issues.map((i) => i.split(" ")[0])).toEqual(["PORT", "DATABASE_URL", "SESSION_SECRET"]);
    }
  });
  it("sees a change to process.env at once, and a bad value still throws, though unchanged reads are not re-validated", () => {
    const saved = process.env.KUBEX_DEMO_SIZE;
    try {
      process.env.KUBEX_DEMO_SIZE = "1234";
      const first = env();
      expect(first.KUBEX_DEMO_SIZE).toBe(1234);
      expect(env()).toBe(first);
      process.env.KUBEX_DEMO_SIZE = "4321";
      expect(env().KUBEX_DEMO_SIZE).toBe(4321);
      process.env.KUBEX_DEMO_SIZE = "many";
      expect(() => env()).toThrow(EnvError);
      expect(() => env()).toThrow(EnvError);
    } finally {
      if (saved === undefined) delete process.env.KUBEX_DEMO_SIZE;
      else process.env.KUBEX_DEMO_SIZE = saved;
    }
  });
});
