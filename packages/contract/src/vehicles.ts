import { z } from "zod";
import { idNumber, idParam } from "./common";
import { REQUIRED_TEXT } from "./accounts";

export const PLATE_TEXT = "Please enter a valid plate number";

/** Plates are kept upper case without spaces or dashes, so 'ab-12 cd' and 'AB12CD' are one plate. */
export function normalisePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

export const PlateSchema = z
  .string({ error: REQUIRED_TEXT })
  .max(40, { error: PLATE_TEXT })
  .transform(normalisePlate)
  .pipe(
    z
      .string()
      .min(1, { error: REQUIRED_TEXT })
      .regex(/^[A-Z0-9]{2,15}$/, { error: PLATE_TEXT }),
  );

const optionalText = z
  .string()
  .trim()
  .max(60, { error: "Must be at most 60 characters" })
  .transform((s) => (s === "" ? null : s))
  .nullish();

export const VehicleInputSchema = z.object({
  plate_number: PlateSchema,
  vehicle_type_id: idNumber("vehicle_type_id", "Please choose a vehicle type"),
  make: optionalText,
  model: optionalText,
  color: optionalText,
  nickname: optionalText,
});
export type VehicleInput = z.input<typeof VehicleInputSchema>;
export const VehicleUpdateSchema = VehicleInputSchema.partial();

export const VehicleSchema = z
  .object({
    id: z.number().int(),
    plate_number: z.string(),
    vehicle_type_id: z.number().int(),
    vehicle_type_name: z.string(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    color: z.string().nullable(),
    nickname: z.string().nullable(),
    is_default: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "Vehicle" });
export type Vehicle = z.infer<typeof VehicleSchema>;
export const VehicleListSchema = z.array(VehicleSchema);
export const VehicleIdParamsSchema = z.object({ id: idParam("id") });
