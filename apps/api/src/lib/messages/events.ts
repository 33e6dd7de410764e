/** Events: the public pages and the back office's (features/events, features/admin/events). */
import {
  EVENT_ACCESS_WRONG_MESSAGE,
  EVENT_BOOKING_FIXED_MESSAGE,
  EVENT_BOOKING_NOT_RENEWABLE_MESSAGE,
  EVENT_CODE_INVALID_MESSAGE,
  EVENT_ENDED_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_PARK_MISSING_MESSAGE,
  EVENT_SOLD_OUT_MESSAGE,
  EVENT_VEHICLE_TYPE_MISSING_MESSAGE,
} from "@parkwell/contract";
import type { ServerText } from "./common";

/** The public events: list, an event, private access (features/events). */
export const EVENTS: ServerText[] = [
  {
    en: "The event was changed while you published it: publish it again",
    fr: "L'événement a été modifié pendant sa publication\u00a0: publiez-le de nouveau",
  },
  { en: EVENT_NOT_FOUND_MESSAGE, fr: "Événement introuvable" },
  { en: EVENT_ENDED_MESSAGE, fr: "Cet événement est terminé" },
  { en: EVENT_PARK_MISSING_MESSAGE, fr: "Ce parking ne dessert pas cet événement" },
  {
    en: EVENT_VEHICLE_TYPE_MISSING_MESSAGE,
    fr: "Le stationnement de cet événement dans ce parking n'accepte pas ce type de véhicule",
  },
  {
    en: EVENT_SOLD_OUT_MESSAGE,
    fr: "Les places réservées à cet événement dans ce parking sont toutes vendues",
  },
  { en: EVENT_ACCESS_WRONG_MESSAGE, fr: "Aucun événement ne correspond à ce code d'accès" },
  { en: EVENT_BOOKING_FIXED_MESSAGE, fr: "Une réservation d'événement garde les horaires de l'événement" },
  {
    en: EVENT_BOOKING_NOT_RENEWABLE_MESSAGE,
    fr: "Une réservation d'événement annulée ne peut pas être réactivée\u00a0: réservez de nouveau l'événement",
  },
  { en: "Enter the access code", fr: "Saisissez le code d'accès" },
  { en: "Enter the event code", fr: "Saisissez le code de l'événement" },
  { en: EVENT_CODE_INVALID_MESSAGE, fr: "Saisissez un code d'événement comme EV-7K2Q9" },
  { en: "An access code is at most 40 characters", fr: "Un code d'accès compte au plus 40 caractères" },
  { en: "Give both lat and lng, or neither", fr: "Indiquez à la fois lat et lng, ou aucun des deux" },
  { en: "{name} is too long", fr: "Le champ « {name} » est trop long" },
  {
    en: "Too many wrong access codes: wait a few minutes before trying again",
    fr: "Trop de codes d'accès erronés\u00a0: patientez quelques minutes avant de réessayer",
  },
  {
    en: "Too many wrong access codes have been entered for this event: wait a few minutes before trying again",
    fr: "Trop de codes d'accès erronés ont été saisis pour cet événement\u00a0: patientez quelques minutes avant de réessayer",
  },
];

/** The back office's events (features/admin/events, contract admin-events.ts). */
export const ADMIN_EVENTS: ServerText[] = [
  {
    en: "Enter a date and time as YYYY-MM-DDTHH:MM",
    fr: "Saisissez une date et une heure au format AAAA-MM-JJTHH:MM",
  },
  {
    en: "A buffer is a whole number of minutes from 0 to {value}",
    fr: "Une marge est un nombre entier de minutes de 0 à {value}",
  },
  {
    en: "An allocation is a whole number of spaces, 1 or more",
    fr: "Un quota est un nombre entier de places, 1 ou plus",
  },
  { en: "An allocation is at most 100000 spaces", fr: "Un quota compte au plus 100000 places" },
  { en: "An event has at most {value} parks", fr: "Un événement compte au plus {value} parkings" },
  { en: "Choose a category: {value}", fr: "Choisissez une catégorie\u00a0: {value}" },
  { en: "Choose a park", fr: "Choisissez un parking" },
  { en: "Choose public or private", fr: "Choisissez public ou privé" },
  { en: "Each park may appear once", fr: "Chaque parking ne peut figurer qu'une fois" },
  {
    en: "Give a price and an allocation for at least one vehicle type",
    fr: "Indiquez un prix et un quota pour au moins un type de véhicule",
  },
  {
    en: "Give the description as { en, fr }",
    fr: "Indiquez la description sous la forme { en, fr }",
  },
  { en: "Too many vehicle types", fr: "Trop de types de véhicules" },
  {
    en: "Some allocations do not fit the spaces free at their parks",
    fr: "Certains quotas dépassent les places libres de leur parking",
  },
  {
    en: "An allocation cannot be less than the spaces already booked",
    fr: "Un quota ne peut pas être inférieur aux places déjà réservées",
  },
  { en: "This event is already cancelled", fr: "Cet événement est déjà annulé" },
  {
    en: "This event is cancelled: it can no longer change",
    fr: "Cet événement est annulé\u00a0: il ne peut plus être modifié",
  },
  { en: "The end must be after the start", fr: "La fin doit être postérieure au début" },
  { en: "An event lasts at most {value} days", fr: "Un événement dure au plus {value} jours" },
  { en: "The start must be in the future", fr: "Le début doit être dans le futur" },
  {
    en: "Give a private event an access code",
    fr: "Donnez un code d'accès à un événement privé",
  },
  {
    en: "An access code has at least {value} letters or digits",
    fr: "Un code d'accès compte au moins {value} lettres ou chiffres",
  },
  { en: "Choose a park in the event's country", fr: "Choisissez un parking du pays de l'événement" },
  {
    en: "This park has no spaces for this vehicle type",
    fr: "Ce parking n'a pas de places pour ce type de véhicule",
  },
  {
    en: "{value} has no spaces for one of the vehicle types",
    fr: "{value} n'a pas de places pour l'un des types de véhicules",
  },
  {
    en: "The event has bookings: its start and end cannot change",
    fr: "L'événement a des réservations\u00a0: son début et sa fin ne peuvent pas changer",
  },
  {
    en: "A park with bookings for the event cannot be removed",
    fr: "Un parking qui a des réservations pour l'événement ne peut pas être retiré",
  },
  {
    en: "This park has bookings for the event: its buffers cannot change",
    fr: "Ce parking a des réservations pour l'événement\u00a0: ses marges ne peuvent pas changer",
  },
  {
    en: "A vehicle type with bookings at this park cannot be removed",
    fr: "Un type de véhicule qui a des réservations dans ce parking ne peut pas être retiré",
  },
];
