import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { operators, parks } from "./parks";
import { vehicleTypes } from "./reference";

const citext = customType<{ data: string }>({ dataType: () => "citext" });

/**
 * The permission matrix: a row grants one `<section>.<action>` to a role. Data, edited by an admin
 * in Role & Permissions; the admin role holds every permission whatever its rows say.
 */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    role: text("role").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

/** The parks an employee or a POS operator works at (a branch manager has every park of its operator). */
export const staffParks = pgTable(
  "staff_parks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.parkId] }), index("staff_parks_park_idx").on(t.parkId)],
);

/**
 * An invitation to join an operator's staff: the e-mailed link carries a token whose SHA-256 is
 * kept here; accepting it creates (or promotes) the account with the role and parks named.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "cascade" }),
    email: citext("email").notNull(),
    role: text("role").notNull(),
    parkIds: integer("park_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitations_operator_idx").on(t.operatorId, t.createdAt)],
);

/** Every change made in the back office: who, what, the record before and after, when. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The operator whose data changed; null for Parkwell-wide changes (roles, customers). */
    operatorId: integer("operator_id"),
    /** What was done, `<entity>.<verb>` ("park.update", "checkin.create"). */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_at_idx").on(t.at, t.id), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

export const POS_SALE_STATUSES = ["parked", "closed", "void"] as const;
export const GATE_PAYMENT_METHODS = ["cash", "card"] as const;

/**
 * A drive-up sale at the gate: a car without a booking. While `parked` it holds a space for
 * `[start_time, end_time)` exactly as a booking does (booking_peak counts it, under the same
 * capacity lock); at the exit `end_time` becomes the exit time and the price, by the park's rate,
 * is recorded as paid in cash or by card at the gate (never through a wallet).
 */
export const posSales = pgTable(
  "pos_sales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    saleCode: text("sale_code").notNull(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    plateNumber: text("plate_number").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    status: text("status").$type<(typeof POS_SALE_STATUSES)[number]>().notNull().default("parked"),
    currency: char("currency", { length: 3 }).notNull(),
    /** The price of the stay by the park's rate, set at the exit. */
    amountMinor: bigint("amount_minor", { mode: "number" }),
    paymentMethod: text("payment_method").$type<(typeof GATE_PAYMENT_METHODS)[number]>(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pos_sales_code_key").on(t.saleCode),
    index("pos_sales_parked_period_idx")
      .using("gist", t.parkId, t.vehicleTypeId, sql`tstzrange(${t.startTime}, ${t.endTime}, '[)')`)
      .where(sql`${t.status} = 'parked'`),
    index("pos_sales_park_start_idx").on(t.parkId, t.startTime),
    check("pos_sales_window", sql`${t.endTime} > ${t.startTime}`),
    check("pos_sales_status_known", sql`${t.status} IN ('parked', 'closed', 'void')`),
    check(
      "pos_sales_method_known",
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('cash', 'card')`,
    ),
    check(
      "pos_sales_closed_paid",
      sql`${t.status} <> 'closed' OR (${t.amountMinor} >= 0 AND ${t.paymentMethod} IS NOT NULL)`,
    ),
  ],
);
