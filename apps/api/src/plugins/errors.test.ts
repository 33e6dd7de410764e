import type { FastifyError } from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../lib/app-error";
import { toErrorResponse } from "./errors";

function fastifyError(code: string, statusCode: number, message = "raw"): FastifyError {
  return Object.assign(new Error(message), { code, statusCode, name: "FastifyError" }) as FastifyError;
}

describe("toErrorResponse", () => {
  it("keeps an AppError's status, code, message and fields", () => {
    const err = AppError.validation({ email: "Please enter a valid email" });
    expect(toErrorResponse(err)).toEqual({
      status: 422,
      body: {
        message: "Please enter a valid email",
        code: "validation_error",
        fields: { email: "Please enter a valid email" },
      },
    });
  });

  it.each([
    ["FST_ERR_CTP_INVALID_MEDIA_TYPE", 415, "unsupported_media_type"],
    ["FST_ERR_CTP_BODY_TOO_LARGE", 413, "body_too_large"],
    ["FST_ERR_CTP_EMPTY_JSON_BODY", 400, "empty_body"],
    ["FST_ERR_CTP_INVALID_JSON_BODY", 400, "malformed_json"],
  ])("maps %s to %i %s with a sentence", (code, status, stable) => {
    const { status: s, body } = toErrorResponse(fastifyError(code, status));
    expect(s).toBe(status);
    expect(body.code).toBe(stable);
    expect(body.message).not.toBe("raw");
  });

  it("writes a translated AppError in the request's language, in its fields too", () => {
    const err = new AppError(
      422,
      "window_not_bookable",
      "Closed",
      { start_time: "Closed", other: "x" },
      (l) => (l === "fr" ? "Fermé" : "Closed"),
    );
    expect(toErrorResponse(err, "fr").body).toEqual({
      code: "window_not_bookable",
      message: "Fermé",
      fields: { start_time: "Fermé", other: "x" },
    });
    expect(toErrorResponse(err).body.message).toBe("Closed");
  });

  it("never leaks an internal error's message", () => {
    const { status, body } = toErrorResponse(new Error("connection to 10.0.0.5 refused at db.ts:12"));
    expect(status).toBe(500);
    expect(body).toEqual({ message: "Something went wrong", code: "internal_error" });
  });
});
