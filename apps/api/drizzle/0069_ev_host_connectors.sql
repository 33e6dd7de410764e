-- A charger host's site names its connectors from the parks' one list, CHARGER_CONNECTORS (decision
-- 045): the four it had (type2, ccs2, chademo, gbt) and North America's (ccs1, j1772, nacs). Nothing
-- to map: the old CHECK held every stored row to its four, all in the new list, so the new CHECK
-- holds on every row there is.
ALTER TABLE "ev_host_requests" DROP CONSTRAINT "ev_host_requests_connectors_check";--> statement-breakpoint
ALTER TABLE "ev_host_requests" ADD CONSTRAINT "ev_host_requests_connectors_check" CHECK ("ev_host_requests"."connectors" <@ array['type2','ccs2','chademo','gbt','ccs1','j1772','nacs']::text[]);
