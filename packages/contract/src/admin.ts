import { z } from "zod";
import { idParam } from "./common";

/**
 * The back office's roles. `customer` is a driver and has no back-office permission; the others
 * are staff: Parkwell's own (`admin`) or an operator company's (the rest).
 */
export const USER_ROLES = [
  "customer",
  "admin",
  "branch_manager",
  "employee",
  "pos_operator",
  "delivery_boy",
] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const STAFF_ROLES = ["branch_manager", "employee", "pos_operator", "delivery_boy"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The back office's sections; a permission is `<section>.<action>` ("parks.view"). */
export const ADMIN_SECTIONS = [
  "dashboard",
  "parks",
  "staff",
  "bookings",
  "gate",
  "pos",
  "reports",
  "transactions",
  "credit_balance",
  "customers",
  "inquiries",
  "roles",
  "audit",
  "events",
  "plans",
  "marketplace",
  "orders",
  "deliveries",
  "vehicle_docs",
  "vehicle_doc_fees",
  // Reviews of parks (issue #47, decision 033): view lists those of the user's parks, update is
  // the operator's reply ("reviews.reply"); review_moderation.update hides a review (Parkwell's).
  "reviews",
  "review_moderation",
  // The blog (issue #47, decision 034): Parkwell's own staff; no role but admin holds it by default.
  "blog",
  // The company's editable pages (Terms, Privacy, Cancellation Policy, About, FAQs; decision 035).
  "pages",
  // Parkwell's settings (the social links per country); admin-only, like pages and blog.
  "settings",
  // Operators' money (issue #65, decision 056): statements (branch managers see their operator's),
  // payouts and their holds (Parkwell's), the operator's payout accounts, commission rates.
  "settlements",
  "payouts",
  "payout_accounts",
  "commission",
  // Drivers' claims (decision 057): the queue, a claim with its evidence, the decision (update).
  "claims",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export const ADMIN_ACTIONS = ["view", "create", "update", "delete"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type Permission = `${AdminSection}.${AdminAction}`;

export const ALL_PERMISSIONS: readonly Permission[] = ADMIN_SECTIONS.flatMap((s) =>
  ADMIN_ACTIONS.map((a) => `${s}.${a}` as const),
);

/** The page sizes every back-office list and report offers. */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;

export const FORBIDDEN_MESSAGE = "You tried to access a page you did not have prior authorization for.";

export const AdminPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int({ error: "page must be a whole number" })
    .min(1, { error: "page must be 1 or more" })
    .max(1_000_000, { error: "page is too large" })
    .default(1),
  size: z.coerce
    .number({ error: "size must be a number" })
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
      error: `size must be one of ${ADMIN_PAGE_SIZES.join(", ")}`,
    })
    .default(10),
});

export const AdminMeSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    }),
    role: z.enum(USER_ROLES),
    permissions: z.array(z.string()),
    operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The parks the user works at; null for every park (Parkwell's admins). */
    parks: z.array(z.number().int()).nullable(),
  })
  .meta({ id: "AdminMe" });
export type AdminMe = z.infer<typeof AdminMeSchema>;

const RoleSchema = z.object({
  key: z.enum(USER_ROLES),
  /** The admin role always holds every permission; its row cannot be changed. */
  editable: z.boolean(),
  permissions: z.array(z.string()),
});
export type AdminRole = z.infer<typeof RoleSchema>;

export const AdminRolesSchema = z
  .object({
    sections: z.array(z.string()),
    actions: z.array(z.string()),
    roles: z.array(RoleSchema),
  })
  .meta({ id: "AdminRoles" });
export const AdminRoleSchema = RoleSchema.meta({ id: "AdminRole" });

export const RoleKeyParamsSchema = z.object({
  role: z.enum(USER_ROLES, { error: `role must be one of ${USER_ROLES.join(", ")}` }),
});

export const RolePermissionsBodySchema = z.object({
  permissions: z
    .array(
      z.string().refine((p) => (ALL_PERMISSIONS as readonly string[]).includes(p), {
        error: "Unknown permission",
      }),
    )
    .max(ALL_PERMISSIONS.length * 2, { error: "Too many permissions" }),
});

export const DATE_TEXT = "Use a date as YYYY-MM-DD";

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A day (a closure, a report's range, a list's filter): the back office's one date field. */
export const IsoDateSchema = z.string({ error: DATE_TEXT }).refine(isIsoDate, { error: DATE_TEXT });

/** The staff's bookings list: the scope's bookings, filtered. Days are the park's own days. */
export const StaffBookingsQuerySchema = AdminPageQuerySchema.extend({
  park_id: idParam("park_id").optional(),
  status: z
    .enum(["active", "completed", "cancelled"], { error: "status must be active, completed or cancelled" })
    .optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  search: z.string().trim().max(40, { error: "search must be at most 40 characters" }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] });

export const StaffBookingSchema = z
  .object({
    booking_code: z.string(),
    status: z.enum(["active", "completed", "cancelled"]),
    park: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
    vehicle_type_id: z.number().int(),
    vehicle_type: z.string(),
    plate_number: z.string().nullable(),
    /** The driver's first name only: what the gate needs to greet them. */
    driver_first_name: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    checked_in_at: z.string().nullable(),
    checked_out_at: z.string().nullable(),
    amount: z.number(),
    paid: z.number(),
    overstay_owed: z.number(),
    currency: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "StaffBooking" });
export type StaffBooking = z.infer<typeof StaffBookingSchema>;

export const StaffBookingPageSchema = z
  .object({
    items: z.array(StaffBookingSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "StaffBookingPage" });
