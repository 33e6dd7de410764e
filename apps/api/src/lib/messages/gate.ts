/** The gate: check-in and check-out, drive-up sales (features/admin/gate). */
import type { ServerText } from "./common";

/** The gate: check-in and check-out, drive-up sales. */
export const GATE: ServerText[] = [
  {
    en: "This QR code is not a valid Parkwell booking QR code",
    fr: "Ce code QR n'est pas un code QR de réservation Parkwell valide",
  },
  { en: "Already checked in at {time}", fr: "Déjà entré à {time}" },
  { en: "Already checked out at {time}", fr: "Déjà sorti à {time}" },
  { en: "This booking was cancelled", fr: "Cette réservation a été annulée" },
  { en: "This booking ended at {time}", fr: "Cette réservation s'est terminée à {time}" },
  { en: "This booking starts at {time}", fr: "Cette réservation commence à {time}" },
  { en: "This car was never checked in", fr: "Ce véhicule n'a jamais été enregistré à l'entrée" },
  { en: "This booking is for {park}", fr: "Cette réservation concerne {park}" },
  {
    en: "Reload the page and choose the park the car is entering or leaving",
    fr: "Rechargez la page et choisissez le parking où le véhicule entre ou sort",
  },
  { en: "Checked in", fr: "Entrée enregistrée" },
  { en: "Checked out", fr: "Sortie enregistrée" },
  {
    en: "Checked out: overstay owed at the gate",
    fr: "Sortie enregistrée\u00a0: dépassement à régler à la barrière",
  },
  { en: "Sale not found", fr: "Vente introuvable" },
  { en: "This sale was voided", fr: "Cette vente a été annulée" },
  { en: "This sale is already closed", fr: "Cette vente est déjà clôturée" },
  {
    en: "A sale can only be voided within 10 minutes of being recorded: close it instead",
    fr: "Une vente ne peut être annulée que dans les 10 minutes suivant son enregistrement\u00a0: clôturez-la plutôt",
  },
  { en: "This park is full for this vehicle type", fr: "Ce parking est complet pour ce type de véhicule" },
  {
    en: "Too many unknown codes: wait a few minutes before trying again",
    fr: "Trop de codes inconnus\u00a0: attendez quelques minutes avant de réessayer",
  },
  { en: "Drive-up recorded", fr: "Arrivée sans réservation enregistrée" },
  { en: "Drive-up closed", fr: "Vente sans réservation clôturée" },
  { en: "Drive-up voided", fr: "Vente sans réservation annulée" },
  {
    en: "Type a booking code or scan its QR code",
    fr: "Saisissez un code de réservation ou scannez son code QR",
  },
  {
    en: "Type a booking code such as PW-7K3M9QXA, or scan its QR code",
    fr: "Saisissez un code de réservation comme PW-7K3M9QXA, ou scannez son code QR",
  },
  {
    en: "expected_minutes must be a whole number of minutes",
    fr: "Le champ « expected_minutes » doit être un nombre entier de minutes",
  },
  { en: "payment_method must be cash or card", fr: "Le champ « payment_method » doit valoir cash ou card" },
  // Monthly passes at the gate (features/admin/gate/gate-passes.*).
  { en: "This pass is for {park}", fr: "Cette carte concerne {park}" },
  { en: "This pass ended on {date}", fr: "Cette carte a pris fin le {date}" },
  { en: "This pass starts on {date}", fr: "Cette carte commence le {date}" },
  // "This pass covers weekdays 07:00-19:00" is said in the request's language by the contract's
  // passHoursRefusal: the hours in words are each language's own.
  { en: "{plate} is already inside on this pass", fr: "{plate} est déjà dans le parking avec cette carte" },
  { en: "This plate is not on this pass", fr: "Cette immatriculation n'est pas sur cette carte" },
  {
    en: "Choose the car entering: {first} or {second}",
    fr: "Choisissez la voiture qui entre\u00a0: {first} ou {second}",
  },
  { en: "This pass has no car inside", fr: "Aucune voiture de cette carte n'est dans le parking" },
  {
    en: "This pass was paid in {paid} but the park now charges in {charged}, so the overstay cannot be priced",
    fr: "Cette carte a été payée en {paid} mais le parking facture désormais en {charged}\u00a0: le dépassement ne peut pas être calculé",
  },
];
