/** A throwaway self-signed certificate for 127.0.0.1 (the Azure SDKs speak only HTTPS), made with openssl. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function selfSignedCert(): { key: string; cert: string; caFile: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-standin-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8"), caFile: certFile, dir };
}
