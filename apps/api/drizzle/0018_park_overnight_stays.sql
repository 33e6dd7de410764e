-- Whether a car may stay while the park is closed (only entry and exit need it open); off until an operator says so.
ALTER TABLE "parks" ADD COLUMN "overnight_stays" boolean DEFAULT false NOT NULL;