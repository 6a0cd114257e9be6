import { describe, expect, it } from "vitest";
import { allowedErrors, fuzzyFilter, fuzzyPieces } from "./fuzzy";

describe("fuzzy search at threshold 0.1", () => {
  it("allows one edit per ten characters", () => {
    expect([allowedErrors("api"), allowedErrors("123456789"), allowedErrors("1234567890"), allowedErrors("x".repeat(19)), allowedErrors("x".repeat(20))]).toEqual([0, 0, 1, 1, 2]);
  });

  it("cuts the term into k + 1 pieces that cover it", () => {
    expect(fuzzyPieces("Payment")).toEqual(["payment"]);
    expect(fuzzyPieces("paymen-processor")).toEqual(["paymen-p", "rocessor"]);
    expect(fuzzyPieces("x".repeat(20))).toEqual(["xxxxxx", "xxxxxxx"]); // three pieces, repeats kept once
  });

  const rows = [
    { name: "payment-processor", ns: "shop" },
    { name: "checkout", ns: "payments-prod" },
    { name: "pay", ns: "x" },
    { name: "catalog-api-gateway", ns: "shop" },
  ];
  it("finds a row despite one typo in a ten-character term, on any key, wherever it occurs", () => {
    expect(fuzzyFilter(rows, "paymen-processor", ["name", "ns"]).map((r) => r.name)).toEqual(["payment-processor"]);
    expect(fuzzyFilter(rows, "api-gatewya", ["name", "ns"]).map((r) => r.name)).toEqual(["catalog-api-gateway"]); // drop the y: one edit
    expect(fuzzyFilter(rows, "zzz-gateway", ["name", "ns"]).map((r) => r.name)).toEqual([]); // three edits
    expect(fuzzyFilter(rows, "api-getaway", ["name", "ns"]).map((r) => r.name)).toEqual([]); // two edits
    expect(fuzzyFilter(rows, "log-api-gatway", ["name", "ns"]).map((r) => r.name)).toEqual(["catalog-api-gateway"]);
  });

  it("is a case-insensitive substring under ten characters", () => {
    expect(fuzzyFilter(rows, "PAYMENT", ["name", "ns"]).map((r) => r.name)).toEqual(["payment-processor", "checkout"]);
    expect(fuzzyFilter(rows, "paymnt", ["name", "ns"])).toEqual([]);
  });

  it("every fuse match contains one of the pieces (the prefilter loses nothing)", () => {
    const names = ["abcdefghijklmnop", "abcdefgXijklmnop", "Xbcdefghijklmnop", "abcdefghijklmnoX", "abcdefgh", "ijklmnop"];
    for (const term of ["abcdefghijklmnop", "abcdefhijklmnop", "abcdeXghijkXmnop"]) {
      const hits = fuzzyFilter(names.map((name) => ({ name })), term, ["name"]);
      for (const h of hits) expect(fuzzyPieces(term).some((p) => h.name.toLowerCase().includes(p)), `${term} → ${h.name}`).toBe(true);
    }
  });
});
