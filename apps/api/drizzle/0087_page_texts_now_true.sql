-- Version 1 of two edited pages said what is no longer true: /cancellation-policy sent a driver
-- whom the park could not serve to the contact form (there is "Report a problem" and the space
-- guarantee now), and /about said operators' payouts were not open. A database whose current
-- version of either page still holds the old sentence gets a new version with it replaced; a page
-- staff have rewritten is left as they wrote it. A new database is seeded with the new text.
INSERT INTO "page_versions" ("page_key", "version", "content_en", "content_fr", "note", "author_id", "created_at")
SELECT v."page_key", v."version" + 1,
  jsonb_set(v."content_en", '{sections,2,body}', to_jsonb('If the park cannot give you your space (it is closed, full or you cannot get in), open the booking and choose Report a problem: when the park''s own records show it full, you are refunded in full at once, fees included; otherwise our team decides within the time shown on your claim. If the operator closes the park on a day you booked, the space guarantee offers you a space at a nearby park at no extra cost, or a full refund, fees included.'::text)),
  jsonb_set(v."content_fr", '{sections,2,body}', to_jsonb('Si le parking ne peut pas vous donner votre place (fermé, complet ou inaccessible), ouvrez la réservation et choisissez Signaler un problème : lorsque les relevés du parking le montrent complet, vous êtes remboursé intégralement sur-le-champ, frais compris ; sinon notre équipe décide dans le délai affiché sur votre réclamation. Si l''exploitant ferme le parking un jour que vous avez réservé, la garantie de place vous propose une place dans un parking proche sans frais supplémentaires, ou un remboursement intégral, frais compris.'::text)),
  'Parkwell: a park that cannot serve you, now Report a problem and the space guarantee', NULL, now()
FROM "page_versions" v
WHERE v."page_key" = 'cancellation'
  AND v."version" = (SELECT max("version") FROM "page_versions" WHERE "page_key" = 'cancellation')
  AND v."content_en" #>> '{sections,2,body}' = 'If the operator cannot give you a space during your booking (the park is closed, full or inaccessible), you receive a full refund, fees included, whatever the time. Contact us through the Contact Us page with your booking code.'
  AND v."content_fr" #>> '{sections,2,body}' = 'Si l''exploitant ne peut pas vous fournir de place pendant votre réservation (parking fermé, complet ou inaccessible), vous êtes remboursé intégralement, frais compris, quel que soit le moment. Contactez-nous depuis la page Nous contacter avec votre code de réservation.';
--> statement-breakpoint
INSERT INTO "page_versions" ("page_key", "version", "content_en", "content_fr", "note", "author_id", "created_at")
SELECT v."page_key", v."version" + 1,
  jsonb_set(v."content_en", '{sections,3,body}', to_jsonb('We publish our cancellation policy, show every fee before you pay and keep your payment details with certified payment providers. Operators get the tools to fill their spaces and see every booking, arrival and sale, and drivers get a reliable place to park. Operators are paid each month for the spaces Parkwell sells, with a statement for every payout.'::text)),
  jsonb_set(v."content_fr", '{sections,3,body}', to_jsonb('Nous publions notre politique d''annulation, affichons chaque frais avant le paiement et confions vos données de paiement à des prestataires certifiés. Les exploitants disposent d''outils pour remplir leurs places et suivre chaque réservation, arrivée et vente, et les conducteurs d''une place fiable où se garer. Les exploitants sont payés chaque mois pour les places vendues par Parkwell, avec un relevé pour chaque versement.'::text)),
  'Parkwell: operators are now paid each month', NULL, now()
FROM "page_versions" v
WHERE v."page_key" = 'about'
  AND v."version" = (SELECT max("version") FROM "page_versions" WHERE "page_key" = 'about')
  AND v."content_en" #>> '{sections,3,body}' = 'We publish our cancellation policy, show every fee before you pay and keep your payment details with certified payment providers. Operators get the tools to fill their spaces and see every booking, arrival and sale, and drivers get a reliable place to park. Payouts to operators are not open yet: they come in a later release.'
  AND v."content_fr" #>> '{sections,3,body}' = 'Nous publions notre politique d''annulation, affichons chaque frais avant le paiement et confions vos données de paiement à des prestataires certifiés. Les exploitants disposent d''outils pour remplir leurs places et suivre chaque réservation, arrivée et vente, et les conducteurs d''une place fiable où se garer. Les versements aux exploitants ne sont pas encore ouverts : ils arriveront dans une prochaine version.';
