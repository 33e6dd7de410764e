/** The back office's orders: the list, an order, its stage and courier, the receipt; a courier's deliveries. */
import { z } from "zod";
import { AdminPageQuerySchema, IsoDateSchema } from "./admin";
import { Localised, countryFilter, orderStage, searchFilter } from "./admin-market-fields";
import { pageOf } from "./common";
import { ITEM_KINDS, ORDER_SOURCES, ORDER_STAGES, ORDER_TYPES } from "./market-values";
import { MoneySchema } from "./parks";

// ---------------------------------------------------------------------------------------------
// Orders

export const AdminOrderListQuerySchema = AdminPageQuerySchema.extend({
  stage: orderStage.optional().or(z.literal("").transform(() => undefined)),
  country: countryFilter,
  /** Days of the order's creation on the country's clock, inclusive. */
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  /** An order code, or the customer's name, e-mail or phone. */
  search: searchFilter,
}).refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["to"] });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

export const AdminOrderCustomerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
const CourierRef = z.object({ id: z.string(), name: z.string() });

export const AdminOrderListItemSchema = z.object({
  order_code: z.string(),
  stage: z.enum(ORDER_STAGES),
  order_type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  country_code: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  items: z.number().int(),
  total: MoneySchema,
  refunded: MoneySchema,
  courier: CourierRef.nullable(),
  created_at: z.string(),
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>;
export const AdminOrderListSchema = pageOf(AdminOrderListItemSchema)
  .extend({
    /** Orders per stage under the other filters (every stage listed, 0 included). */
    stages: z.object(
      Object.fromEntries(ORDER_STAGES.map((s) => [s, z.number().int()])) as Record<
        (typeof ORDER_STAGES)[number],
        z.ZodNumber
      >,
    ),
  })
  .meta({ id: "AdminOrderList" });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export const AdminOrderLineSchema = z.object({
  position: z.number().int(),
  item_id: z.number().int(),
  variation_id: z.number().int().nullable(),
  kind: z.enum(ITEM_KINDS),
  name: Localised,
  variation_name: Localised.nullable(),
  addons: z.array(z.object({ id: z.number().int(), name: Localised, price: MoneySchema })),
  quantity: z.number().int(),
  returned_quantity: z.number().int(),
  unit_price: MoneySchema,
  unit_offer: MoneySchema,
  coupon_share: MoneySchema,
  tax_share: MoneySchema,
  line_total: MoneySchema,
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

export const AdminOrderSchema = z
  .object({
    order_code: z.string(),
    stage: z.enum(ORDER_STAGES),
    payment_status: z.enum(["paid", "unpaid"]),
    order_type: z.enum(ORDER_TYPES),
    source: z.enum(ORDER_SOURCES),
    country_code: z.string(),
    currency: z.string(),
    /** The country's clock: slots and days are read on it. */
    time_zone: z.string(),
    customer: AdminOrderCustomerSchema,
    lines: z.array(AdminOrderLineSchema),
    subtotal: MoneySchema,
    offer_discount: MoneySchema,
    coupon_code: z.string().nullable(),
    coupon_discount: MoneySchema,
    delivery_charge: MoneySchema,
    tax: MoneySchema,
    tax_name: z.string(),
    total: MoneySchema,
    refunded: MoneySchema,
    address: z
      .object({
        label: z.string(),
        address: z.string(),
        city: z.string(),
        phone: z.string(),
        lat: z.number(),
        lng: z.number(),
      })
      .nullable(),
    depot: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
    park: z
      .object({ id: z.number().int(), name: z.string(), address: z.string(), city: z.string() })
      .nullable(),
    booking_code: z.string().nullable(),
    time_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    /** Every stage reached, oldest first, with who moved it and the note. */
    timeline: z.array(
      z.object({
        stage: z.enum(ORDER_STAGES),
        at: z.string(),
        actor: z.string().nullable(),
        note: z.string().nullable(),
      }),
    ),
    courier: CourierRef.nullable(),
    /** The stages the back office's staff may move it to now (ORDER_TRANSITIONS). */
    next_stages: z.array(z.enum(ORDER_STAGES)),
    /** Whether a courier may be assigned (a delivery not yet delivered nor ended). */
    can_assign_courier: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderCodeParamsSchema = z.object({
  orderCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((c) => c.toUpperCase()),
});

export const AdminOrderStageBodySchema = z.object({
  to: z.enum(ORDER_STAGES, { error: `Choose a stage: ${ORDER_STAGES.join(", ")}` }),
  /** For a return: the lines (by position) and units coming back. */
  returns: z
    .array(
      z.object({
        position: z.number({ error: "position must be a line's position" }).int().min(0).max(100),
        quantity: z
          .number({ error: "quantity must be a whole number, 1 or more" })
          .int({ error: "quantity must be a whole number, 1 or more" })
          .min(1, { error: "quantity must be a whole number, 1 or more" })
          .max(1000, { error: "quantity is too large" }),
      }),
    )
    .max(50, { error: "Too many lines" })
    .refine((list) => new Set(list.map((r) => r.position)).size === list.length, {
      error: "Each line may appear once",
    })
    .optional(),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "Must be at most 500 characters" })
    .optional(),
});
export type AdminOrderStageBody = z.infer<typeof AdminOrderStageBodySchema>;

export const AdminOrderCourierBodySchema = z.object({
  courier_id: z.uuid({ error: "Choose a courier" }),
});
export type AdminOrderCourierBody = z.infer<typeof AdminOrderCourierBodySchema>;

/** The couriers an order may be given to (users with the delivery_boy role). */
export const AdminCourierListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        /** Orders assigned and not yet delivered or ended. */
        active_orders: z.number().int(),
      }),
    ),
  })
  .meta({ id: "AdminCourierList" });
export type AdminCourierList = z.infer<typeof AdminCourierListSchema>;

/** The printable receipt: the order and who sold it. */
export const AdminOrderReceiptSchema = z
  .object({
    seller: z.object({ name: z.string(), email: z.string(), website: z.string() }),
    order: AdminOrderSchema,
    printed_at: z.string(),
  })
  .meta({ id: "AdminOrderReceipt" });
export type AdminOrderReceipt = z.infer<typeof AdminOrderReceiptSchema>;

// ---------------------------------------------------------------------------------------------
// A courier's deliveries

export const AdminDeliveryListQuerySchema = AdminPageQuerySchema;
export const AdminDeliverySchema = z
  .object({
    order_code: z.string(),
    stage: z.enum(ORDER_STAGES),
    currency: z.string(),
    total: MoneySchema,
    items: z.number().int(),
    lines: z.array(
      z.object({
        name: Localised,
        variation_name: Localised.nullable(),
        quantity: z.number().int(),
      }),
    ),
    customer: z.object({ first_name: z.string(), last_name: z.string() }),
    address: z
      .object({
        label: z.string(),
        address: z.string(),
        city: z.string(),
        phone: z.string(),
        lat: z.number(),
        lng: z.number(),
      })
      .nullable(),
    depot: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
    time_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
    /** The moves the courier may make now: picked up (out_for_delivery), delivered. */
    next_stages: z.array(z.enum(ORDER_STAGES)),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminDelivery" });
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>;
export const AdminDeliveryListSchema = pageOf(AdminDeliverySchema).meta({ id: "AdminDeliveryList" });
export type AdminDeliveryList = z.infer<typeof AdminDeliveryListSchema>;
