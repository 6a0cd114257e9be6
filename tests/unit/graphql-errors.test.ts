/** The error catalogue (spec document 1, section 8): "<Category>: <text>" messages and the client's display rule. */
import { describe, expect, it, vi } from "vitest";
import { GraphQLError } from "graphql";
import { categorised, displayError, formatError } from "~/graphql/errors";
import { forbiddenError, notFoundError, validationError } from "~/lib/errors";

describe("displayError", () => {
  it("shows the text after the first ':' trimmed, the whole text without one, else the generic text", () => {
    expect(displayError("Validation Error:  View Name is required. ")).toBe("View Name is required.");
    expect(displayError("Not Found: Tree path 'a:b' was not found.")).toBe("Tree path 'a:b' was not found.");
    expect(displayError("Unauthorized or expired token. Please login again.")).toBe("Unauthorized or expired token. Please login again.");
    for (const empty of [undefined, null, "", "   ", "Error:", "Error:   "]) expect(displayError(empty)).toBe("An error occurred.");
  });
});

describe("formatError", () => {
  const wrap = (e: Error) => new GraphQLError(e.message, { originalError: e, path: ["saveOrUpdateView"] });

  it("gives model errors their category and code", () => {
    expect(formatError(wrap(validationError("View Name is required.")))).toMatchObject({
      message: "Validation Error: View Name is required.",
      extensions: { code: "BAD_USER_INPUT" },
      path: ["saveOrUpdateView"],
    });
    expect(formatError(wrap(notFoundError("View not found.")))).toMatchObject({ message: "Not Found: View not found.", extensions: { code: "NOT_FOUND" } });
    expect(formatError(wrap(forbiddenError("No.")))).toMatchObject({ message: "Permission Denied: No.", extensions: { code: "FORBIDDEN" } });
    expect(categorised("notFound", "x")).toBe("Not Found: x");
  });

  it("keeps syntax errors' wording and puts other document errors under Bad Request", () => {
    expect(formatError(new GraphQLError("Syntax Error: Unexpected <EOF>.")).message).toBe("Syntax Error: Unexpected <EOF>.");
    expect(formatError(new GraphQLError('Cannot query field "x" on type "Query".')).message).toBe('Bad Request: Cannot query field "x" on type "Query".');
  });

  it("hides an unexpected failure's details behind the generic text and logs it", () => {
    // Logged on purpose here: swallow it (the setup fails a test on any console.error it sees).
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const formatted = formatError(wrap(new Error("relation \"secret_table\" does not exist")));
    expect(formatted).toMatchObject({ message: "Internal Error: An error occurred.", extensions: { code: "INTERNAL_SERVER_ERROR" } });
    expect(log).toHaveBeenCalledTimes(1);
  });
});
