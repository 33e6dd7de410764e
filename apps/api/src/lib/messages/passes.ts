/** Monthly plans and passes: the back office's plans and the drivers' passes (features/admin/plans, features/passes). */
import {
  PASS_FULL_MESSAGE,
  PASS_LABEL_NOT_NAMED_MESSAGE,
  PASS_NOT_ON_SALE_MESSAGE,
  PASS_SOLD_OUT_MESSAGE,
  PLAN_ALLOCATION_BELOW_SOLD_MESSAGE,
  PLAN_HOURS_SOLD_MESSAGE,
  planCurrencyChangedMessage,
} from "@parkwell/contract";
import type { ServerText } from "./common";

export const ADMIN_PLANS: ServerText[] = [
  { en: "Plan not found", fr: "Abonnement introuvable" },
  {
    en: planCurrencyChangedMessage("{prices}", "{park}"),
    fr: "Les prix de cet abonnement sont en {prices} et son parking facture désormais en {park} : saisissez à nouveau ses prix",
  },
  { en: PLAN_ALLOCATION_BELOW_SOLD_MESSAGE, fr: "Cet abonnement compte plus de cartes valides que ce quota" },
  {
    en: PLAN_HOURS_SOLD_MESSAGE,
    fr: "Des cartes sont vendues sur ces horaires\u00a0: fermez cet abonnement et créez-en un autre pour d'autres horaires",
  },
  {
    en: "Two of the plan's windows overlap: each moment of the week may be in one window only",
    fr: "Deux plages de l'abonnement se chevauchent\u00a0: chaque moment de la semaine ne peut être que dans une plage",
  },
  { en: "This park has no spaces for {type}", fr: "Ce parking n'a pas de places pour\u00a0: {type}" },
  {
    en: "The park has {spaces} spaces for these vehicle types: the allocation cannot be more",
    fr: "Le parking a {spaces} places pour ces types de véhicule\u00a0: le quota ne peut pas être plus grand",
  },
  {
    en: "Enter a time as HH:MM, from 00:00 to 24:00",
    fr: "Saisissez une heure au format HH:MM, de 00:00 à 24:00",
  },
  { en: "A weekday is 1 (Monday) to 7 (Sunday)", fr: "Un jour de la semaine va de 1 (lundi) à 7 (dimanche)" },
  { en: "A window cannot start at 24:00", fr: "Une plage ne peut pas commencer à 24:00" },
  { en: "Write midnight at the end of a day as 24:00", fr: "Écrivez minuit en fin de journée 24:00" },
  { en: "A window's end must differ from its start", fr: "La fin d'une plage doit différer de son début" },
  { en: "Enter a monthly price more than 0", fr: "Saisissez un prix mensuel supérieur à 0" },
  {
    en: "The 3-month discount is a percentage from 0 to 50",
    fr: "La remise sur 3 mois est un pourcentage de 0 à 50",
  },
  {
    en: "The 12-month discount is a percentage from 0 to 50",
    fr: "La remise sur 12 mois est un pourcentage de 0 à 50",
  },
  { en: "A discount has at most two decimals", fr: "Une remise a au plus deux décimales" },
  {
    en: "The allocation is a whole number of passes, 1 to {max}",
    fr: "Le quota est un nombre entier de cartes, de 1 à {max}",
  },
  {
    en: "Give the plan's hours as a list of windows",
    fr: "Indiquez les horaires de l'abonnement sous forme de liste de plages",
  },
  { en: "Choose the hours the plan covers", fr: "Choisissez les horaires couverts par l'abonnement" },
  { en: "A plan has at most {max} windows", fr: "Un abonnement a au plus {max} plages" },
  { en: "Give the monthly prices as a list", fr: "Indiquez les prix mensuels sous forme de liste" },
  {
    en: "Set a monthly price for at least one vehicle type",
    fr: "Fixez un prix mensuel pour au moins un type de véhicule",
  },
  { en: "Too many prices", fr: "Trop de prix" },
  { en: "Each vehicle type has one monthly price", fr: "Chaque type de véhicule a un seul prix mensuel" },
  {
    en: "A pass holds any space or a named space",
    fr: "Une carte occupe une place libre ou une place attitrée",
  },
  { en: "The minimum term is 1, 3 or 12 months", fr: "La durée minimale est de 1, 3 ou 12 mois" },
  { en: "A new plan is a draft or on sale", fr: "Un nouvel abonnement est un brouillon ou en vente" },
  {
    en: PASS_LABEL_NOT_NAMED_MESSAGE,
    fr: "L'abonnement de cette carte n'attribue pas de places\u00a0: passez d'abord son mode de place à « attitrée »",
  },
  { en: "Pass {code} already has the space {label}", fr: "La carte {code} a déjà la place {label}" },
  {
    en: "A space label has at most {max} characters",
    fr: "Un numéro de place a au plus {max} caractères",
  },
];

export const PASSES: ServerText[] = [
  { en: "Pass not found", fr: "Carte d'abonnement introuvable" },
  { en: PASS_SOLD_OUT_MESSAGE, fr: "Il ne reste plus de cartes pour cet abonnement" },
  {
    en: PASS_FULL_MESSAGE,
    fr: "Ce parking n'a pas de place libre sur les horaires de l'abonnement à partir de ce jour",
  },
  { en: PASS_NOT_ON_SALE_MESSAGE, fr: "Cet abonnement n'est pas en vente" },
  {
    en: "This Idempotency-Key was used for another pass",
    fr: "Cette Idempotency-Key a servi pour une autre carte",
  },
  {
    en: "This park's currency changed while you were buying: look at its prices again",
    fr: "La devise de ce parking a changé pendant votre achat\u00a0: consultez à nouveau ses prix",
  },
  { en: "This pass has ended", fr: "Cette carte a pris fin" },
  { en: "This plan takes no vehicles of this type", fr: "Cet abonnement ne prend pas ce type de véhicule" },
  {
    en: "This plan is sold for {months} months at least",
    fr: "Cet abonnement se vend pour {months} mois au moins",
  },
  { en: "A pass starts today or later", fr: "Une carte commence aujourd'hui ou plus tard" },
  { en: "A pass starts within {days} days", fr: "Une carte commence dans les {days} jours" },
  {
    en: "Your wallet balance is too low: add {amount} {currency} to pay for this pass",
    fr: "Le solde de votre portefeuille est insuffisant\u00a0: ajoutez {amount} {currency} pour payer cette carte",
  },
  {
    en: "Type the plate number of the car the pass is for",
    fr: "Saisissez l'immatriculation de la voiture de la carte",
  },
  {
    en: "Give the pass's plate numbers as a list",
    fr: "Indiquez les immatriculations de la carte sous forme de liste",
  },
  { en: "A pass takes at most {max} plate numbers", fr: "Une carte prend au plus {max} immatriculations" },
  { en: "The same plate number is there twice", fr: "La même immatriculation figure deux fois" },
  { en: "The term is 1, 3 or 12 months", fr: "La durée est de 1, 3 ou 12 mois" },
  { en: "Choose a country to filter by price", fr: "Choisissez un pays pour filtrer par prix" },
];
