/** The plumbing the stand-ins share: a loopback HTTP(S) server whose open sockets close with it, and body reading. */
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";

export interface Served {
  url: string;
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>;

export async function serve(handler: Handler, options: { port?: number; tls?: { key: string; cert: string } } = {}): Promise<Served> {
  const sockets = new Set<Socket>();
  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      Promise.resolve(handler(req, Buffer.concat(chunks).toString("utf8"), res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("secureConnection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function send(res: http.ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 5-minute series over the last `hours` hours ending at `nowMs`: a daily shape around `base`. */
export function series(nowMs: number, hours: number, base: number): { t: number; v: number }[] {
  const step = 300_000;
  const end = Math.floor(nowMs / step) * step;
  const out: { t: number; v: number }[] = [];
  for (let t = end - hours * 3_600_000; t <= end; t += step) {
    const hour = new Date(t).getUTCHours();
    out.push({ t, v: Math.max(0, base * (0.6 + 0.8 * Math.sin((hour / 24) * Math.PI))) });
  }
  return out;
}
