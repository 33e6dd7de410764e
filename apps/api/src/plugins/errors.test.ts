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

  it("writes an AppError's sentence in the request's language, in its fields too, keeping values", () => {
    const err = new AppError(422, "window_not_bookable", "This car park is closed on Sundays.", {
      start_time: "This car park is closed on Sundays.",
      other: "x",
    });
    expect(toErrorResponse(err, "fr").body).toEqual({
      code: "window_not_bookable",
      message: "Ce parking est fermé le dimanche.",
      fields: { start_time: "Ce parking est fermé le dimanche.", other: "x" },
    });
    expect(toErrorResponse(err).body.message).toBe("This car park is closed on Sundays.");
    const short = new AppError(
      402,
      "insufficient_funds",
      "Your wallet balance is too low: add 12.5 NGN to pay for this booking",
      { amount_missing: "12.5", currency: "NGN" },
    );
    expect(toErrorResponse(short, "fr").body).toEqual({
      code: "insufficient_funds",
      message:
        "Le solde de votre portefeuille est insuffisant\u00a0: ajoutez 12,5 NGN pour payer cette réservation",
      fields: { amount_missing: "12.5", currency: "NGN" },
    });
  });

  it("writes Fastify's client errors and the 500 in French when asked", () => {
    expect(toErrorResponse(fastifyError("FST_ERR_CTP_INVALID_JSON_BODY", 400), "fr").body).toEqual({
      code: "malformed_json",
      message: "Le corps de la requête n'est pas un JSON valide",
    });
    expect(toErrorResponse(new Error("boom"), "fr").body.message).toBe("Une erreur s'est produite");
  });

  it("never leaks an internal error's message", () => {
    const { status, body } = toErrorResponse(new Error("connection to 10.0.0.5 refused at db.ts:12"));
    expect(status).toBe(500);
    expect(body).toEqual({ message: "Something went wrong", code: "internal_error" });
  });

  it.each([
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    [
      "an admin shutdown (57P01)",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    [
      "a server starting up (57P03)",
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    ],
    ["a connection exception (08006)", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["a connection cut", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    [
      "Drizzle's wrapper around a cut connection",
      new Error("Failed query: select 1", { cause: new Error("Connection terminated unexpectedly") }),
    ],
    [
      "every address refusing",
      new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "all refused"),
    ],
  ])("answers %s with 503 unavailable and a sentence in both languages", (_, err) => {
    expect(toErrorResponse(err)).toEqual({
      status: 503,
      body: {
        code: "unavailable",
        message: "Parkwell is briefly unavailable. Please try again in a moment.",
      },
    });
    expect(toErrorResponse(err, "fr").body.message).toBe(
      "Parkwell est momentanément indisponible. Veuillez réessayer dans un instant.",
    );
  });

  it.each([
    ["a failed statement", Object.assign(new Error("relation does not exist"), { code: "42P01" })],
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    [
      "a statement timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    ],
    ["a plain bug", new TypeError("x is undefined")],
  ])("keeps %s a 500", (_, err) => {
    expect(toErrorResponse(err).status).toBe(500);
  });
});
