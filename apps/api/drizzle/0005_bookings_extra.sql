-- One vehicle (a user's plate) never holds two overlapping active bookings. Drizzle cannot express
-- an exclusion constraint; this is safe to re-run after a regenerated bookings migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'bookings_vehicle_no_overlap') THEN
    ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_no_overlap"
      EXCLUDE USING gist ("user_id" WITH =, "plate_number" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
      WHERE ("status" = 'active' AND "plate_number" IS NOT NULL);
  END IF;
END $$;
