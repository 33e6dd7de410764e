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
        .max(2_147_483_647, { error: `${name} is too large` }),
    );
}

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
