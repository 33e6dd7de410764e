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
    fr: "Votre entreprise ne paie pas le stationnement dans ce pays : {country}",
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
    en: "Your company allows up to {cap} per member each month; {spent} is already spent",
    fr: "Votre entreprise autorise jusqu'à {cap} par membre et par mois ; {spent} est déjà dépensé",
  },
  {
    en: "You are not an active member of this company",
    fr: "Vous n'êtes pas membre actif de cette entreprise",
  },
  {
    en: "{company}'s balance is too low: it needs {amount} {currency} more to pay for this booking",
    fr: "Le solde de {company} est insuffisant : il manque {amount} {currency} pour payer cette réservation",
  },
];
