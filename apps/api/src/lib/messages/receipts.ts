/** Receipts and credit notes (features/receipts). */
import { RECEIPT_NOT_FOUND_MESSAGE } from "@parkwell/contract";
import type { ServerText } from "./common";

export const RECEIPTS: ServerText[] = [
  { en: RECEIPT_NOT_FOUND_MESSAGE, fr: "Reçu introuvable" },
  {
    en: "The first day must be on or before the last",
    fr: "Le premier jour doit précéder le dernier ou lui être égal",
  },
  { en: "lang must be en or fr", fr: "lang doit valoir en ou fr" },
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
  // The vehicle types in a line's detail ("LAG-123-XY · Car") and the taxes' names.
  { en: "Car", fr: "Voiture" },
  { en: "Motorcycle", fr: "Moto" },
  { en: "Van / Bus", fr: "Fourgon / bus" },
  { en: "Truck", fr: "Camion" },
  { en: "VAT", fr: "TVA" },
  { en: "GST", fr: "TPS" },
  { en: "Sales tax", fr: "Taxe de vente" },
  // The PDF of a receipt (features/receipts/receipts.pdf.ts).
  { en: "Receipt", fr: "Reçu" },
  { en: "Credit note", fr: "Avoir" },
  { en: "Number", fr: "Numéro" },
  { en: "Date", fr: "Date d'émission" },
  { en: "Time zone", fr: "Fuseau horaire" },
  { en: "Reverses receipt {number}", fr: "Annule le reçu {number}" },
  { en: "Seller", fr: "Vendeur" },
  { en: "Buyer", fr: "Acheteur" },
  { en: "Tax ID", fr: "Identifiant fiscal" },
  { en: "Reference", fr: "Référence" },
  { en: "Description", fr: "Désignation" },
  { en: "Quantity", fr: "Quantité" },
  { en: "Amount", fr: "Montant" },
  { en: "Subtotal", fr: "Sous-total" },
  { en: "Total", fr: "Total TTC" },
  { en: "{tax} {rate}% on {base}", fr: "{tax} {rate} % sur {base}" },
  {
    en: "Amounts in {currency}. Times on the {zone} clock.",
    fr: "Montants en {currency}. Heures à l'heure de {zone}.",
  },
  // The line a purchase's e-mail gives its receipt (features/receipts/receipts.mail.ts).
  { en: "Receipt {number}: {link}", fr: "Reçu {number}\u00a0: {link}" },
  { en: "Credit note {number}: {link}", fr: "Avoir {number}\u00a0: {link}" },
];
