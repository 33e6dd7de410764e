/**
 * The back office's passes (docs/PRODUCT-RULES.md#monthly-passes): the passes sold at the parks in
 * the staff member's scope, and the marked space of a pass on a plan with named spaces.
 */
import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { idParam, pageOf } from "./common";
import { PASS_STATUSES } from "./passes";

/** The longest space label ("B2-014"). */
export const PASS_SPACE_LABEL_MAX = 20;

export const AdminPassListQuerySchema = AdminPageQuerySchema.extend({
  park_id: idParam("park_id").optional(),
  plan_id: idParam("plan_id").optional(),
  status: z
    .enum(PASS_STATUSES, { error: `status must be one of ${PASS_STATUSES.join(", ")}` })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Part of a pass code or of a plate number. */
  search: z.string().trim().max(40, { error: "search must be at most 40 characters" }).optional(),
});
export type AdminPassListQuery = z.infer<typeof AdminPassListQuerySchema>;

export const AdminPassSchema = z
  .object({
    id: z.string(),
    pass_code: z.string(),
    driver: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    plan: z.object({
      id: z.number().int(),
      name: z.object({ en: z.string(), fr: z.string() }),
      space_mode: z.enum(["any", "named"]),
    }),
    park: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    plates: z.array(z.string()),
    status: z.enum(PASS_STATUSES),
    ended_reason: z.enum(["cancelled", "lapsed"]).nullable(),
    starts_at: z.string(),
    paid_until: z.string(),
    /** True while it renews at paid_until; false once cancelled (it ends then) or ended. */
    renews: z.boolean(),
    term_months: z.number().int(),
    /** The marked space of a pass on a plan with named spaces; null when none is set. */
    space_label: z.string().nullable(),
    /** A car of the pass is in the park now (checked in, not out). */
    inside: z.boolean(),
  })
  .meta({ id: "AdminPass" });
export type AdminPass = z.infer<typeof AdminPassSchema>;

export const AdminPassListSchema = pageOf(AdminPassSchema).meta({ id: "AdminPassList" });
export type AdminPassList = z.infer<typeof AdminPassListSchema>;

/** A pass's id; one that is no pass's (malformed or not) answers 404. */
export const AdminPassIdParamsSchema = z.object({
  id: z.string().trim().max(40, { error: "Pass not found" }),
});

const LABEL_TEXT = `A space label has at most ${PASS_SPACE_LABEL_MAX} characters`;
/** The space label to set; null or "" clears it. */
export const AdminPassPatchSchema = z.object({
  space_label: z
    .string({ error: LABEL_TEXT })
    .trim()
    .max(PASS_SPACE_LABEL_MAX, { error: LABEL_TEXT })
    .nullable()
    .transform((s) => (s ? s : null)),
});
export type AdminPassPatch = z.input<typeof AdminPassPatchSchema>;

/** 422: a space label only on a plan with named spaces. */
export const PASS_LABEL_NOT_NAMED_MESSAGE =
  "This pass's plan does not name spaces: set the plan's space mode to named first";

/** The 409 of an allocation below the passes valid now: those passes, so the staff see who holds them. */
export const PlanAllocationConflictSchema = z
  .object({
    message: z.string(),
    code: z.literal("allocation_below_sold"),
    sold: z.number().int(),
    passes: z.array(z.object({ pass_code: z.string(), plates: z.array(z.string()) })),
  })
  .meta({ id: "PlanAllocationConflict" });
export type PlanAllocationConflict = z.infer<typeof PlanAllocationConflictSchema>;
