/**
 * An error a client caused or may see: HTTP status, a stable snake_case code and an English
 * sentence. Services throw these; the error plugin turns them into `{ message, code, fields? }`,
 * the message and every field's sentence in the request's language (lib/messages.ts).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the body beside message and code (data, never sentences): a 409's conflicts. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  static notFound(message: string, code = "not_found"): AppError {
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
}
