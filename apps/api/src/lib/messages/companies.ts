/** Companies and their people (features/companies/companies.*). */
import type { ServerText } from "./common";

export const COMPANIES: ServerText[] = [
  { en: "Choose a country Parkwell serves", fr: "Choisissez un pays desservi par Parkwell" },
  { en: "This verification link is not valid", fr: "Ce lien de vérification n'est pas valide" },
  {
    en: "This verification link has expired: ask for a new one",
    fr: "Ce lien de vérification a expiré : demandez-en un nouveau",
  },
];
