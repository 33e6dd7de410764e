/**
 * The field schemas the vehicle documents' contract files share (the package index re-exports
 * none of them: they are pieces of the public schemas).
 */
import { z } from "zod";

/** A required text of at most `max` characters, trimmed. */
export const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} is too long` });

/** A calendar day as YYYY-MM-DD that exists. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date as YYYY-MM-DD" })
  .refine(
    (d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    },
    { error: "Use a date as YYYY-MM-DD" },
  );

/** An amount in major units. */
export const Money = z.number();
