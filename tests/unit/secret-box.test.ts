import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSecret, sealSecret, SecretBoxError, secretKeyFile } from "~/lib/secret-box.server";

const saved = { ...process.env };
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-secret-"));
  delete process.env.KUBEX_SECRET_KEY;
  process.env.KUBEX_SECRET_KEY_FILE = path.join(dir, "secret.key");
});
afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("secret box", () => {
  it("opens what it sealed, and never stores the plain text", () => {
    const sealed = sealSecret("s3cr3t-token", "conn:1:token");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("s3cr3t");
    expect(openSecret(sealed, "conn:1:token")).toBe("s3cr3t-token");
    expect(sealSecret("s3cr3t-token", "conn:1:token")).not.toBe(sealed);
  });

  it("generates a key file readable by its owner only, and keeps using it", () => {
    const sealed = sealSecret("x", "c");
    const file = secretKeyFile();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(openSecret(sealed, "c")).toBe("x");
  });

  it("refuses a value moved to another place, changed, or opened with another key", () => {
    const sealed = sealSecret("x", "conn:1:token");
    expect(() => openSecret(sealed, "conn:2:token")).toThrow(SecretBoxError);
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => openSecret(`v1:${raw.toString("base64url")}`, "conn:1:token")).toThrow(/enter it again/);
    expect(() => openSecret("v2:abc", "conn:1:token")).toThrow(/known format/);
    process.env.KUBEX_SECRET_KEY = "ab".repeat(32);
    expect(() => openSecret(sealed, "conn:1:token")).toThrow(SecretBoxError);
    expect(openSecret(sealSecret("y", "c"), "c")).toBe("y");
  });

  it("takes KUBEX_SECRET_KEY as hex or base64 and names a bad one", () => {
    process.env.KUBEX_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
    expect(openSecret(sealSecret("z", "c"), "c")).toBe("z");
    expect(fs.existsSync(secretKeyFile())).toBe(false);
    process.env.KUBEX_SECRET_KEY = "too-short";
    expect(() => sealSecret("z", "c")).toThrow(/KUBEX_SECRET_KEY must be 32 bytes/);
  });
});
