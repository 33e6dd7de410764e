/** Bookings, and why a window cannot be booked (features/bookings, the contract's window refusals). */
import {
  BOOKING_FULL_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  windowRefusalText,
  type WindowRefusal,
} from "@parkwell/contract";
import type { ServerText } from "./common";

export const BOOKINGS: ServerText[] = [
  { en: BOOKING_FULL_MESSAGE, fr: "Il ne reste plus de place pour ce type de véhicule sur ce créneau." },
  { en: BOOKING_NOT_FOUND_MESSAGE, fr: "Réservation introuvable" },
  {
    en: "This vehicle already has a booking in this window",
    fr: "Ce véhicule a déjà une réservation sur ce créneau",
  },
  {
    en: "Your wallet balance is too low: add {amount} {currency} to pay for this booking",
    fr: "Le solde de votre portefeuille est insuffisant\u00a0: ajoutez {amount} {currency} pour payer cette réservation",
  },
  {
    en: "This booking was paid in {paid} but the park now charges in {charged}, so it cannot be priced again",
    fr: "Cette réservation a été payée en {paid} mais le parking facture désormais en {charged}\u00a0: elle ne peut pas être tarifée à nouveau",
  },
  {
    en: "This park's currency changed while you were booking: look at its prices again",
    fr: "La devise de ce parking a changé pendant votre réservation\u00a0: consultez à nouveau ses prix",
  },
  {
    en: "Your wallet can pay for this booking: book it directly",
    fr: "Votre portefeuille peut payer cette réservation\u00a0: réservez directement",
  },
  {
    en: "This park charges in {park}; your wallet is in {wallet}, so a top-up cannot pay for it",
    fr: "Ce parking facture en {park} ; votre portefeuille est en {wallet}, une recharge ne peut donc pas payer ce stationnement",
  },
  {
    en: "This Idempotency-Key was used for another booking",
    fr: "Cette clé Idempotency-Key a déjà servi pour une autre réservation",
  },
  { en: "This vehicle is of another vehicle type", fr: "Ce véhicule est d'un autre type" },
  {
    en: "The vehicle can only be changed before the booking starts",
    fr: "Le véhicule ne peut être changé qu'avant le début de la réservation",
  },
  {
    en: "The vehicle cannot be changed once the car has checked in",
    fr: "Le véhicule ne peut plus être changé une fois la voiture entrée",
  },
  {
    en: "Choose a saved vehicle or type a plate number",
    fr: "Choisissez un véhicule enregistré ou saisissez une plaque d'immatriculation",
  },
  { en: "Only an active booking can be extended", fr: "Seule une réservation active peut être prolongée" },
  { en: "This booking has already ended", fr: "Cette réservation est déjà terminée" },
  {
    en: "The new end time must be after the current end time",
    fr: "La nouvelle heure de départ doit suivre l'heure de départ actuelle",
  },
  { en: "A booking can last at most {days} days", fr: "Une réservation dure au plus {days} jours" },
  { en: "Only an active booking can be cancelled", fr: "Seule une réservation active peut être annulée" },
  {
    en: "A booking cannot be cancelled after it has started",
    fr: "Une réservation ne peut plus être annulée une fois commencée",
  },
  {
    en: "This car is in the car park: a booking cannot be cancelled once it has checked in",
    fr: "Cette voiture est dans le parking\u00a0: une réservation ne peut plus être annulée une fois entrée",
  },
  { en: "Only a cancelled booking can be renewed", fr: "Seule une réservation annulée peut être rétablie" },
  {
    en: "A booking can only be renewed before it starts",
    fr: "Une réservation ne peut être rétablie qu'avant son début",
  },
];

/**
 * Why a window cannot be booked: the contract's sentences (shared with the web app), in both
 * languages from its own `windowRefusalText`; values become `{name}`, weekdays are listed.
 */
export function windowRefusals(): ServerText[] {
  const both = (r: WindowRefusal): ServerText => ({
    en: windowRefusalText(r, "en"),
    fr: windowRefusalText(r, "fr"),
  });
  const refusals: WindowRefusal[] = [
    { code: "past" },
    { code: "end_before_start" },
    { code: "too_long", days: "{days}" as unknown as number },
    { code: "opens_at", time: "{time}" },
    { code: "closed_at_start", closes: "{closes}" },
    { code: "closes_before_end", time: "{time}" },
    { code: "closed_at_end" },
    { code: "closed_date", date: "{date}" },
    ...[0, 1, 2, 3, 4, 5, 6].map((weekday): WindowRefusal => ({ code: "closed_day", weekday })),
  ];
  return refusals.map(both);
}
