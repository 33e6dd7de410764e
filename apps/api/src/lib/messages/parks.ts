/** The parks' public pages and search (features/parks). */
import type { ServerText } from "./common";

export const PARKS: ServerText[] = [
  { en: "Park ID is required", fr: "L'identifiant du parking est obligatoire" },
  { en: "Park not found", fr: "Parking introuvable" },
  { en: "This car park is no longer on Parkwell", fr: "Ce parking n'est plus sur Parkwell" },
  { en: "This park takes no vehicles of this type", fr: "Ce parking n'accepte pas ce type de véhicule" },
  { en: "No fees are set for this country", fr: "Les frais de ce pays ne sont pas définis" },
  {
    en: "start_time is required with end_time",
    fr: "Le champ « start_time » est obligatoire avec « end_time »",
  },
  {
    en: "end_time is required with start_time",
    fr: "Le champ « end_time » est obligatoire avec « start_time »",
  },
  {
    en: "end_time must be after start_time",
    fr: "Le champ « end_time » doit être postérieur à « start_time »",
  },
  { en: "A window can last at most {days} days", fr: "Un créneau dure au plus {days} jours" },
  {
    en: "country must be a country name or code Parkwell serves",
    fr: "Le champ « country » doit être le nom ou le code d'un pays desservi par Parkwell",
  },
  { en: "lat and lng must be given together", fr: "« lat » et « lng » doivent être donnés ensemble" },
  { en: "sort=distance needs lat and lng", fr: "sort=distance nécessite « lat » et « lng »" },
];
