import { describe, expect, it } from "vitest";
import { closeRequestMemo, openRequestMemo, openRequestMemos, REQUEST_ID_HEADER, sharedInRequest } from "./request-memo.server";

/** What Remix gives each loader: its own Request, the headers copied. */
const loaderRequest = (id: string | null, method = "GET") =>
  new Request("http://localhost/kubex/containers-tree", { method, headers: id === null ? {} : { [REQUEST_ID_HEADER]: id } });

function counter() {
  let reads = 0;
  return { read: () => Promise.resolve(++reads), reads: () => reads };
}

describe("reads shared by one request's loaders", () => {
  it("reads once for every loader of an open request, and again for the next request", async () => {
    const id = openRequestMemo();
    const flags = counter();
    const [a, b] = await Promise.all([sharedInRequest(loaderRequest(id), "flags", flags.read), sharedInRequest(loaderRequest(id), "flags", flags.read)]);
    expect([a, b, flags.reads()]).toEqual([1, 1, 1]);
    closeRequestMemo(id);
    const next = openRequestMemo();
    expect(await sharedInRequest(loaderRequest(next), "flags", flags.read)).toBe(2);
    closeRequestMemo(next);
  });

  it("keeps different keys apart", async () => {
    const id = openRequestMemo();
    const reads = counter();
    await sharedInRequest(loaderRequest(id), "pageScope:containers", reads.read);
    await sharedInRequest(loaderRequest(id), "pageScope:cloud", reads.read);
    expect(reads.reads()).toBe(2);
    closeRequestMemo(id);
  });

  it("reads every time without a memo this process opened: no header, a closed one, or one a client made up", async () => {
    const reads = counter();
    await sharedInRequest(loaderRequest(null), "user", reads.read);
    await sharedInRequest(loaderRequest(null), "user", reads.read);
    const id = openRequestMemo();
    closeRequestMemo(id);
    await sharedInRequest(loaderRequest(id), "user", reads.read);
    await sharedInRequest(loaderRequest(id), "user", reads.read);
    const forged = `${id.split(".")[0]}.999999999`;
    await sharedInRequest(loaderRequest(forged), "user", reads.read);
    await sharedInRequest(loaderRequest(forged), "user", reads.read);
    expect(reads.reads()).toBe(6);
  });

  it("never shares in a form post, whose action writes", async () => {
    const id = openRequestMemo();
    const reads = counter();
    await sharedInRequest(loaderRequest(id, "POST"), "flags", reads.read);
    await sharedInRequest(loaderRequest(id, "POST"), "flags", reads.read);
    expect(reads.reads()).toBe(2);
    closeRequestMemo(id);
  });

  it("shares a failure with the loaders of the same request only", async () => {
    const id = openRequestMemo();
    let calls = 0;
    const failing = () => Promise.reject(new Error(`store down ${++calls}`));
    await expect(sharedInRequest(loaderRequest(id), "user", failing)).rejects.toThrow("store down 1");
    await expect(sharedInRequest(loaderRequest(id), "user", failing)).rejects.toThrow("store down 1");
    closeRequestMemo(id);
    const next = openRequestMemo();
    await expect(sharedInRequest(loaderRequest(next), "user", failing)).rejects.toThrow("store down 2");
    closeRequestMemo(next);
  });

  it("drops a memo whose answer never closed it, a minute after it opened", () => {
    const before = openRequestMemos();
    const start = 1_000_000_000;
    const leaked = openRequestMemo(start);
    expect(openRequestMemos()).toBe(before + 1);
    const later = openRequestMemo(start + 30_000);
    expect(openRequestMemos()).toBe(before + 2);
    const muchLater = openRequestMemo(start + 60_000);
    // The leaked one (and anything older) is gone; the 30-s-old one stays.
    expect(openRequestMemos()).toBe(2);
    for (const id of [leaked, later, muchLater]) closeRequestMemo(id);
    expect(openRequestMemos()).toBe(0);
  });
});
