/** Paying with a company at checkout (features/companies/company-pay.*): its refusals. */
import type { ServerText } from "./common";

export const COMPANY_PAY: ServerText[] = [
  { en: "Your company does not pay for extensions", fr: "Votre entreprise ne paie pas les prolongations" },
  {
    en: "Your company does not pay for marketplace orders",
    fr: "Votre entreprise ne paie pas les commandes de la boutique",
  },
  {
    en: "Your company does not pay for parking in {country}",
    fr: "Votre entreprise ne paie pas le stationnement dans ce pays\u00a0: {country}",
  },
  {
    en: "Your company does not pay for orders in {country}",
    fr: "Votre entreprise ne paie pas les commandes dans ce pays\u00a0: {country}",
  },
  {
    en: "Your company does not pay for this type of park",
    fr: "Votre entreprise ne paie pas ce type de parking",
  },
  {
    en: "Your company does not pay for parking at this time",
    fr: "Votre entreprise ne paie pas le stationnement à cette heure",
  },
  {
    en: "Your company allows bookings up to {max}",
    fr: "Votre entreprise autorise les réservations jusqu'à {max}",
  },
  {
    en: "Your company allows orders up to {max}",
    fr: "Votre entreprise autorise les commandes jusqu'à {max}",
  },
  {
    en: "Your company allows up to {cap} per member each month; {spent} is already spent",
    fr: "Votre entreprise autorise jusqu'à {cap} par membre et par mois ; {spent} est déjà dépensé",
  },
  {
    en: "You are not an active member of this company",
    fr: "Vous n'êtes pas membre actif de cette entreprise",
  },
  {
    en: "{company}'s balance is too low: it needs {amount} {currency} more to pay for this booking",
    fr: "Le solde de {company} est insuffisant\u00a0: il manque {amount} {currency} pour payer cette réservation",
  },
  {
    en: "{company}'s balance is too low: it needs {amount} {currency} more to pay for this order",
    fr: "Le solde de {company} est insuffisant\u00a0: il manque {amount} {currency} pour payer cette commande",
  },
  // The policy's form (features/companies/company-policy.*, packages/contract company-policy.ts).
  { en: "Give countries as their two-letter codes", fr: "Indiquez les pays par leur code à deux lettres" },
  { en: "Choose park types among: {types}", fr: "Choisissez les types de parking parmi\u00a0: {types}" },
  { en: "Give a currency as its three-letter code", fr: "Indiquez une devise par son code à trois lettres" },
  {
    en: "Enter a limit more than 0, or leave it empty",
    fr: "Saisissez une limite supérieure à 0, ou laissez vide",
  },
  { en: "extensions_allowed must be true or false", fr: "extensions_allowed doit valoir true ou false" },
  { en: "marketplace_allowed must be true or false", fr: "marketplace_allowed doit valoir true ou false" },
  { en: "Give the hours as a list of windows", fr: "Indiquez les horaires sous forme de liste de créneaux" },
  {
    en: "Give at least one country, or none for any country",
    fr: "Indiquez au moins un pays, ou aucun pour tous les pays",
  },
  {
    en: "Choose at least one park type, or none for any type",
    fr: "Choisissez au moins un type de parking, ou aucun pour tous les types",
  },
  {
    en: "Give at least one window, or none for any time",
    fr: "Indiquez au moins un créneau, ou aucun pour toute heure",
  },
  { en: "Give the limits as a list", fr: "Indiquez les limites sous forme de liste" },
  { en: "Parkwell does not serve {countries}", fr: "Parkwell n'est pas présent dans\u00a0: {countries}" },
  { en: "Two windows of the hours overlap", fr: "Deux créneaux horaires se chevauchent" },
  { en: "The hours have at most {max} windows", fr: "Les horaires comptent au plus {max} créneaux" },
  { en: "Parkwell does not charge in {currency}", fr: "Parkwell ne facture pas en {currency}" },
  { en: "{currency} is given twice", fr: "{currency} est indiquée deux fois" },
];
