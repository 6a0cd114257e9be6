/**
 * Errors the model layer raises for the caller to see. Pure (no framework), so models stay below the GraphQL
 * layer: app/graphql/errors.ts turns each kind into the spec's "<Category>: <text>" message.
 */
export type ModelErrorKind = "validation" | "notFound" | "forbidden";

export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    /** The human text, shown as is (no category prefix). */
    readonly text: string,
  ) {
    super(text);
    this.name = "ModelError";
  }
}

export const validationError = (text: string) => new ModelError("validation", text);
export const notFoundError = (text: string) => new ModelError("notFound", text);
export const forbiddenError = (text: string) => new ModelError("forbidden", text);

export function isModelError(e: unknown): e is ModelError {
  return e instanceof ModelError;
}

/** A validation error naming each field that failed (a form shows each message beside its field). */
export class FieldsError extends ModelError {
  constructor(readonly fields: readonly { field: string; message: string }[]) {
    super("validation", fields.map((f) => f.message).join(" "));
    this.name = "FieldsError";
  }
}

export function isFieldsError(e: unknown): e is FieldsError {
  return e instanceof FieldsError;
}
