/**
 * Connection secrets at rest (Prometheus credentials, cloud roles, keys): AES-256-GCM with a random 96-bit nonce per
 * value, and the row and field it belongs to as additional data, so a sealed value copied onto another connection or
 * field does not open. The key never lives in the database beside what it protects: KUBEX_SECRET_KEY, else a key file
 * (KUBEX_SECRET_KEY_FILE, default `secret.key` beside the embedded database) generated on first use with mode 0600.
 * Losing the key loses the stored secrets (connections then need their secrets entered again), never the rest.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/lib/env.server";

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

let cached: { source: string; key: Buffer } | undefined;

function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, "hex") : Buffer.from(t, "base64");
  if (key.length !== 32) throw new SecretBoxError("The secret key must be 32 bytes, as 64 hex digits or base64.");
  return key;
}

/** The key file's path: KUBEX_SECRET_KEY_FILE, else beside DATABASE_FILE, else data/secret.key. */
export function secretKeyFile(): string {
  const e = env();
  if (e.KUBEX_SECRET_KEY_FILE) return path.resolve(e.KUBEX_SECRET_KEY_FILE);
  const dbFile = e.DATABASE_FILE ?? path.resolve(process.cwd(), "data", "kubex.db");
  return path.join(path.dirname(path.resolve(dbFile)), "secret.key");
}

function readOrCreateKeyFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      // "wx": when two processes start together, one writes and the other reads what it wrote.
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex") + "\n", { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return parseKey(fs.readFileSync(file, "utf8"));
}

function key(): Buffer {
  const configured = env().KUBEX_SECRET_KEY;
  const source = configured ? `env:${configured}` : `file:${secretKeyFile()}`;
  if (cached?.source === source) return cached.key;
  const k = configured ? parseKey(configured) : readOrCreateKeyFile(secretKeyFile());
  cached = { source, key: k };
  return k;
}

/** Encrypts `plain` for the place `context` names (e.g. "prometheus_connection:7:bearer_token"). */
export function sealSecret(plain: string, context: string): string {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Decrypts a sealed value; throws SecretBoxError when it was changed, sealed for another place or with another key. */
export function openSecret(sealed: string, context: string): string {
  const [version, data] = sealed.split(":", 2);
  if (version !== VERSION || !data) throw new SecretBoxError("The stored secret is not in a known format.");
  const raw = Buffer.from(data, "base64url");
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError("The stored secret is truncated.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("The stored secret cannot be opened with this installation's key (KUBEX_SECRET_KEY or its key file); enter it again.");
  }
}

/**
 * A secret derived from the installation's key for a place (HMAC-SHA256, base64url): the same for the same place
 * while the key stays, so it need not be stored (e.g. a cluster's webhook token, decision 019).
 */
export function deriveSecret(context: string): string {
  return crypto.createHmac("sha256", key()).update(`derive:${context}`).digest("base64url");
}

/** Whether `given` is the secret derived for `context`, in constant time. */
export function isDerivedSecret(given: string, context: string): boolean {
  const expected = Buffer.from(deriveSecret(context));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
