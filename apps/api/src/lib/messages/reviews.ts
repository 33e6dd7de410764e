/** Drivers' reviews of parks (features/reviews, the back office's admin/reviews). */
import {
  ALREADY_HIDDEN,
  ALREADY_REPLIED,
  ALREADY_REVIEWED,
  BOOKING_CANCELLED,
  EDIT_TOO_LATE,
  MODERATION_IS_PARKWELL,
  OWN_REVIEW_REPORT,
  REVIEW_NOT_FOUND,
  STAY_NOT_OVER,
  TOO_MANY_REPORTS,
} from "../../features/reviews/reviews.texts";
import type { ServerText } from "./common";

export const REVIEWS: ServerText[] = [
  { en: REVIEW_NOT_FOUND, fr: "Avis introuvable" },
  {
    en: STAY_NOT_OVER,
    fr: "Vous pourrez donner votre avis sur ce parking une fois votre stationnement terminé",
  },
  { en: BOOKING_CANCELLED, fr: "Une réservation annulée ne peut pas recevoir d'avis" },
  { en: ALREADY_REVIEWED, fr: "Vous avez déjà donné votre avis sur ce stationnement" },
  { en: EDIT_TOO_LATE, fr: "Un avis ne peut être modifié que dans les 7 jours qui suivent sa rédaction" },
  { en: ALREADY_REPLIED, fr: "Cet avis a déjà une réponse" },
  { en: ALREADY_HIDDEN, fr: "Cet avis est déjà masqué" },
  { en: MODERATION_IS_PARKWELL, fr: "Seule l'équipe Parkwell peut masquer des avis" },
  { en: OWN_REVIEW_REPORT, fr: "Vous ne pouvez pas signaler votre propre avis" },
  {
    en: TOO_MANY_REPORTS,
    fr: "Vous avez signalé de nombreux avis. Veuillez réessayer plus tard.",
  },
  {
    en: "{name} must be a whole number of stars from 1 to 5",
    fr: "Le champ « {name} » doit être un nombre entier d'étoiles de 1 à 5",
  },
  {
    en: "{name} must be a booking's id",
    fr: "Le champ « {name} » doit être l'identifiant d'une réservation",
  },
  { en: "Write the reply", fr: "Rédigez la réponse" },
  { en: "Give the reason for hiding the review", fr: "Indiquez pourquoi vous masquez cet avis" },
];
