-- A plan's prices keep the currency they were set in. They were set in the currency of their
-- park's country at the time: the country now, unless the park moved since the plan's prices were
-- last written (its create, or an edit of its prices, in the audit log; else its creation), which
-- only a closed plan allows (a park with a plan on sale cannot move): then the country the park
-- left at its first move after that, as the move's audit entry names it.
ALTER TABLE "plan_prices" ADD COLUMN "currency" char(3);--> statement-breakpoint
UPDATE "plan_prices" pp SET "currency" = coalesce((
    SELECT oc."currency" FROM "audit_log" m JOIN "countries" oc ON oc."id" = (m."before"->>'country_id')::int
    WHERE m."entity" = 'park' AND m."entity_id" = pl."park_id"::text AND m."before"->'country_id' IS NOT NULL
      AND m."at" > coalesce((SELECT max(a."at") FROM "audit_log" a
        WHERE a."entity" = 'plan' AND a."entity_id" = pl."id"::text AND a."after"->'prices' IS NOT NULL), pl."created_at")
    ORDER BY m."at", m."id" LIMIT 1), c."currency")
FROM "parking_plans" pl JOIN "parks" p ON p."id" = pl."park_id" JOIN "countries" c ON c."id" = p."country_id"
WHERE pl."id" = pp."plan_id";--> statement-breakpoint
ALTER TABLE "plan_prices" ALTER COLUMN "currency" SET NOT NULL;
