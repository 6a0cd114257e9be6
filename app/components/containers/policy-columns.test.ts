import { describe, expect, it } from "vitest";
import { POLICY_PAGE_SIZES as SERVED } from "~/features/containers/policies";
import { POLICY_PAGE_SIZES } from "./policy-columns";

describe("the policy grid's page sizes", () => {
  it("are the ones the server pages by", () => {
    expect(POLICY_PAGE_SIZES).toEqual(SERVED);
  });
});
