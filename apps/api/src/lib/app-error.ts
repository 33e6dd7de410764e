import type { ErrorCode, ErrorCodeOf, ErrorDetails, ErrorFields, ErrorStatus } from "@parkwell/contract";

/**
 * An error a client caused or may see: HTTP status, a stable snake_case code and an English
 * sentence. Services throw these; the error plugin turns them into `{ message, code, fields? }`,
 * the message and every field's sentence in the request's language (lib/messages.ts).
 *
 * The code is one of the contract's ERRORS (error-codes.ts), and the status one of that code's:
 * an unknown code, or a status the table does not give it, does not compile. So do `details` of
 * another shape than the table's for the code (a code with none takes none).
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** More of the body beside message and code (data, never sentences): a 409's conflicts. */
  readonly details?: Record<string, unknown>;

  /** Read as any code's (a caught AppError is any code's); written as `code`'s, by the table. */
  constructor(
    status: ErrorStatus<C>,
    code: C,
    message: string,
    fields?: ErrorFields<C>,
    details?: ErrorDetails<C>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    if (fields !== undefined) this.fields = fields;
    if (details !== undefined) this.details = details;
  }

  static notFound(message: string, code: ErrorCodeOf<404> = "not_found"): AppError {
    return new AppError(404, code, message);
  }

  static validation(fields: Record<string, string>, message?: string): AppError {
    return new AppError(
      422,
      "validation_error",
      message ?? Object.values(fields)[0] ?? "Invalid request",
      fields,
    );
  }

  /**
   * The 422 of a body a schema refused after the route's own check (a body checked in parts): each
   * field's first issue, under the name `fieldOf` gives its path (by default its first segment).
   */
  static fromIssues(
    issues: readonly { path: readonly PropertyKey[]; message: string }[],
    fieldOf: (path: readonly PropertyKey[]) => string = (path) => String(path[0]),
  ): AppError {
    const fields: Record<string, string> = {};
    for (const issue of issues) fields[fieldOf(issue.path)] ??= issue.message;
    return AppError.validation(fields);
  }
}
