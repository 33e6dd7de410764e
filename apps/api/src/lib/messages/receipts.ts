/** Receipts and credit notes (features/receipts). */
import { RECEIPT_NOT_FOUND_MESSAGE } from "@parkwell/contract";
import type { ServerText } from "./common";

export const RECEIPTS: ServerText[] = [
  { en: RECEIPT_NOT_FOUND_MESSAGE, fr: "Reçu introuvable" },
  {
    en: "The first day must be on or before the last",
    fr: "Le premier jour doit précéder le dernier ou lui être égal",
  },
  // The lines of a receipt (features/receipts/receipts.present.ts).
  { en: "Parking", fr: "Stationnement" },
  { en: "Discount", fr: "Remise" },
  { en: "Item", fr: "Article" },
  { en: "Delivery", fr: "Livraison" },
  { en: "Overstay", fr: "Dépassement" },
  { en: "Service fee", fr: "Frais de service" },
  { en: "Booking fee", fr: "Frais de réservation" },
  { en: "Monthly pass", fr: "Abonnement mensuel" },
  { en: "Wallet top-up", fr: "Rechargement du portefeuille" },
];
