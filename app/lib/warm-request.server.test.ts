import { describe, expect, it } from "vitest";
import { isWarmRequest, warmRequestHeaders } from "./warm-request.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/kubex/containers-tree", { headers });

describe("a web process's own warm-up requests", () => {
  it("are the requests that carry this process's token", () => {
    expect(isWarmRequest(request(warmRequestHeaders()))).toBe(true);
  });

  it("are not requests without it, with another value, or with the token cut or extended", () => {
    const [[name, token]] = Object.entries(warmRequestHeaders());
    expect(isWarmRequest(request({}))).toBe(false);
    expect(isWarmRequest(request({ [name]: "" }))).toBe(false);
    expect(isWarmRequest(request({ [name]: token.slice(0, -1) }))).toBe(false);
    expect(isWarmRequest(request({ [name]: token + "A" }))).toBe(false);
    expect(isWarmRequest(request({ [name]: (token[0] === "A" ? "B" : "A") + token.slice(1) }))).toBe(false);
  });

  it("carry a token made at random, 256 bits of it", () => {
    const [[, token]] = Object.entries(warmRequestHeaders());
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });
});
