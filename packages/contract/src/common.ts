import { z } from "zod";

/** Every error the API sends: a human sentence and a stable code; `fields` on validation errors. */
export const ErrorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "Error" });
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

/**
 * The largest id: every id column is a PostgreSQL `integer` (int4, a serial). An id past it is
 * refused by the contract, never sent to the database, which would answer "out of range for type
 * integer" (a 500). Every id a client sends is an `idParam` (a path, a query) or an `idNumber`
 * (a JSON body), so no route can forget the bound (docs/API-CONVENTIONS.md#input).
 */
export const ID_MAX = 2_147_483_647;

/**
 * A positive whole-number id read from a query string or a path (always text there), with messages
 * a person can read: missing, repeated, not a number, zero or too large.
 */
export function idParam(name: string) {
  return z
    .string({
      error: (iss) => (iss.input === undefined ? `${name} is required` : `${name} must be a single number`),
    })
    .trim()
    .regex(/^\d{1,10}$/, { error: `${name} must be a positive whole number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .positive({ error: `${name} must be a positive whole number` })
        .max(ID_MAX, { error: `${name} is too large` }),
    );
}

/**
 * An id in a JSON body: a whole number from 1 to ID_MAX. Its messages name the field
 * ("park_id must be a positive whole number", "park_id is too large"), or `message` says what to
 * do whatever was wrong, as a form shows it ("Choose a category"); `missing`, when given, is the
 * answer to a body without it.
 */
export function idNumber(name: string, message?: string, missing?: string) {
  const wrong = message ?? `${name} must be a positive whole number`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? (missing ?? wrong) : wrong) })
    .int({ error: wrong })
    .positive({ error: wrong })
    .max(ID_MAX, { error: message ?? `${name} is too large` });
}

/**
 * The largest amount of money a client may send, in major units: past any real amount, and its
 * minor units (up to 3 decimals) still a safe JavaScript integer and an int8, as stored.
 */
export const AMOUNT_MAX = 1_000_000_000_000;

const AMOUNT_TEXT = "Enter an amount more than 0";
/**
 * An amount a form sends in major units (a park's rates, a charger's price): a number above 0, at
 * most `max`, each refusal in the words the web shows at the field.
 */
export const money = (max = 100_000_000) =>
  z
    .number({ error: AMOUNT_TEXT })
    .positive({ error: AMOUNT_TEXT })
    .max(max, { error: "This amount is too large" });

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int({ error: "page must be a whole number" })
    .min(1, { error: "page must be 1 or more" })
    .max(100_000, { error: "page is too large" })
    .default(1),
  size: z.coerce
    .number({ error: "size must be a number" })
    .int({ error: "size must be a whole number" })
    .min(1, { error: "size must be 1 or more" })
    .max(PAGE_SIZE_MAX, { error: `size must be at most ${PAGE_SIZE_MAX}` })
    .default(PAGE_SIZE_DEFAULT),
});

/** The list envelope (docs/API-CONVENTIONS.md#pagination): `{ items, total, page, size, pages }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
