-- A saved address carries whether the driver placed or confirmed its pin: delivery is priced only
-- to a confirmed one (cart-pricing: a problem on address_id otherwise). The web's address form once
-- saved the country's default point (Lagos city centre, 6.5244, 3.3792) when the pin was not moved:
-- those addresses become unconfirmed, until the driver places the pin; the others stay confirmed.
ALTER TABLE "addresses" ADD COLUMN "pin_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "addresses" SET "pin_confirmed" = false WHERE "lat" = 6.5244 AND "lng" = 3.3792;
