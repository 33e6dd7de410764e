/** The back office: access, parks, people, reports (features/admin). */
import type { ServerText } from "./common";

/** The back office's access: roles and permissions. */
export const ADMIN: ServerText[] = [
  {
    en: "You tried to access a page you did not have prior authorization for.",
    fr: "Vous avez tenté d'accéder à une page pour laquelle vous n'aviez pas d'autorisation préalable.",
  },
  { en: "Unknown permission", fr: "Permission inconnue" },
  { en: "Too many permissions", fr: "Trop de permissions" },
  {
    en: "The {role} role's permissions cannot be changed",
    fr: "Les permissions du rôle {role} ne peuvent pas être modifiées",
  },
  { en: "Permissions saved", fr: "Permissions enregistrées" },
];

/** The back office's parks (features/admin/parks, contract admin-parks.ts). */
export const ADMIN_PARKS: ServerText[] = [
  { en: "country must be a two-letter country code", fr: "country doit être un code pays de deux lettres" },
  {
    en: "Enter a time from 00:00 to 23:59 (24:00 for a midnight closing)",
    fr: "Saisissez une heure de 00:00 à 23:59 (24:00 pour une fermeture à minuit)",
  },
  { en: "A day cannot open at 24:00", fr: "Une journée ne peut pas ouvrir à 24:00" },
  {
    en: "Opening and closing times must differ",
    fr: "Les heures d'ouverture et de fermeture doivent différer",
  },
  { en: "Must be text", fr: "Doit être un texte" },
  { en: "Must be true or false", fr: "Doit être vrai ou faux" },
  { en: "At most 366 closure days", fr: "Au plus 366 jours de fermeture" },
  { en: "Choose a type: {value}", fr: "Choisissez un type\u00a0: {value}" },
  { en: "Choose among {value}", fr: "Choisissez parmi {value}" },
  { en: "Choose a state", fr: "Choisissez une région" },
  { en: "Choose a state of the park's country", fr: "Choisissez une région du pays du parking" },
  { en: "Choose an operator", fr: "Choisissez un exploitant" },
  { en: "Choose English or French", fr: "Choisissez l'anglais ou le français" },
  {
    en: "Latitude must be a number between -90 and 90",
    fr: "La latitude doit être un nombre entre -90 et 90",
  },
  {
    en: "Longitude must be a number between -180 and 180",
    fr: "La longitude doit être un nombre entre -180 et 180",
  },
  {
    en: "Enter a time zone such as Africa/Lagos",
    fr: "Saisissez un fuseau horaire, par exemple Africa/Lagos",
  },
  {
    en: "Give the hours of all 7 days, Monday first",
    fr: "Indiquez les horaires des 7 jours, en commençant par lundi",
  },
  {
    en: "Give the opening hours, or mark the park open 24 hours",
    fr: "Indiquez les horaires d'ouverture, ou marquez le parking ouvert 24 h/24",
  },
  { en: "Max height must be a number", fr: "La hauteur maximale doit être un nombre" },
  {
    en: "Max height must be a whole number of centimetres",
    fr: "La hauteur maximale doit être un nombre entier de centimètres",
  },
  {
    en: "Max height must be between 100 and 1000 cm",
    fr: "La hauteur maximale doit être comprise entre 100 et 1000 cm",
  },
  {
    en: "Only Parkwell's staff can choose a park's operator",
    fr: "Seule l'équipe Parkwell peut choisir l'exploitant d'un parking",
  },
  {
    en: "A park with rates cannot move to another country: remove its rates first",
    fr: "Un parking qui a des tarifs ne peut pas changer de pays\u00a0: supprimez d'abord ses tarifs",
  },
  {
    en: "A park's country and time zone cannot change while it has bookings, drive-up sales, events, orders or monthly passes that are not finished, or plans on sale",
    fr: "Le pays et le fuseau horaire d'un parking ne peuvent pas changer tant qu'il a des réservations, des ventes sans réservation, des événements, des commandes ou des abonnements mensuels en cours, ou des formules en vente",
  },
  {
    en: "A park with plans being set up cannot move to another country: close them first",
    fr: "Un parking qui a des formules en préparation ne peut pas changer de pays\u00a0: fermez-les d'abord",
  },
  { en: "Enter an amount more than 0", fr: "Saisissez un montant supérieur à 0" },
  { en: "This amount is too large", fr: "Ce montant est trop élevé" },
  {
    en: "The hourly rate cannot be above the daily maximum",
    fr: "Le tarif horaire ne peut pas dépasser le maximum journalier",
  },
  { en: "Amounts in {currency} have no decimals", fr: "Les montants en {currency} n'ont pas de décimales" },
  {
    en: "Amounts in {currency} have at most {decimals} decimals",
    fr: "Les montants en {currency} ont au plus {decimals} décimales",
  },
  { en: "Each vehicle type may appear once", fr: "Chaque type de véhicule ne peut figurer qu'une fois" },
  { en: "Too many rates", fr: "Trop de tarifs" },
  { en: "Too many capacities", fr: "Trop de capacités" },
  { en: "Capacity must be a number", fr: "La capacité doit être un nombre" },
  { en: "Capacity must be a whole number", fr: "La capacité doit être un nombre entier" },
  { en: "Capacity must be 0 or more", fr: "La capacité doit être de 0 ou plus" },
  { en: "Capacity must be at most 100000", fr: "La capacité doit être d'au plus 100000" },
  {
    en: "Some bookings already hold more spaces than the capacity you asked for",
    fr: "Des réservations occupent déjà plus de places que la capacité demandée",
  },
  { en: "The photo is larger than 5 MB", fr: "La photo dépasse 5 Mo" },
  {
    en: "Choose a photo to upload (a multipart/form-data field named photo)",
    fr: "Choisissez une photo à envoyer (un champ multipart/form-data nommé photo)",
  },
  { en: "The photo must be a JPEG, PNG or WebP image", fr: "La photo doit être une image JPEG, PNG ou WebP" },
  { en: "A park has at most {value} photos", fr: "Un parking a au plus {value} photos" },
  { en: "Photo not found", fr: "Photo introuvable" },
  {
    en: "n must be a photo's position (0 for the first)",
    fr: "n doit être la position d'une photo (0 pour la première)",
  },
  { en: "order must list photo positions", fr: "order doit lister des positions de photos" },
  {
    en: "order must list every photo's position once",
    fr: "order doit lister la position de chaque photo une seule fois",
  },
];

/** The back office's people: staff and invitations, customers, inquiries, audit log, failed jobs. */
export const ADMIN_PEOPLE: ServerText[] = [
  {
    en: "A Parkwell admin account cannot join an operator's staff",
    fr: "Un compte administrateur Parkwell ne peut pas rejoindre l'équipe d'un exploitant",
  },
  {
    en: "A Parkwell admin belongs to no operator",
    fr: "Un administrateur Parkwell n'appartient à aucun exploitant",
  },
  { en: "At most 1000 parks", fr: "1000 parkings au plus" },
  { en: "Choose at least one park", fr: "Choisissez au moins un parking" },
  {
    en: "Choose the operator this person works for",
    fr: "Choisissez l'exploitant pour lequel cette personne travaille",
  },
  { en: "Customer not found", fr: "Client introuvable" },
  { en: "Each park must be a park id", fr: "Chaque parking doit être un identifiant de parking" },
  { en: "Failed job not found", fr: "Tâche en échec introuvable" },
  { en: "Give a role or parks to change", fr: "Indiquez un rôle ou des parkings à modifier" },
  { en: "Inquiry not found", fr: "Demande introuvable" },
  { en: "Invitation not found", fr: "Invitation introuvable" },
  { en: "Invitation sent again to {email}", fr: "Invitation envoyée à nouveau à {email}" },
  { en: "Invitation sent to {email}", fr: "Invitation envoyée à {email}" },
  { en: "Invitation withdrawn", fr: "Invitation retirée" },
  { en: "Please try again.", fr: "Veuillez réessayer." },
  { en: "Staff member not found", fr: "Membre de l'équipe introuvable" },
  { en: "The job was put back on its queue", fr: "La tâche a été remise dans sa file d'attente" },
  {
    en: "This e-mail already has a Parkwell account: enter its password to accept",
    fr: "Cette adresse e-mail a déjà un compte Parkwell\u00a0: saisissez son mot de passe pour accepter",
  },
  {
    en: "This e-mail's account signs in with Google or Apple: sign in with it first, then open this link again.",
    fr: "Le compte de cette adresse e-mail se connecte avec Google ou Apple\u00a0: connectez-vous d'abord avec, puis rouvrez ce lien.",
  },
  {
    en: "This invitation has already been accepted. Please sign in.",
    fr: "Cette invitation a déjà été acceptée. Veuillez vous connecter.",
  },
  {
    en: "This invitation has expired. Please ask for a new one.",
    fr: "Cette invitation a expiré. Veuillez en demander une nouvelle.",
  },
  {
    en: "This invitation link is not valid. Please ask for a new one.",
    fr: "Ce lien d'invitation n'est pas valide. Veuillez en demander un nouveau.",
  },
  {
    en: "This invitation was already accepted or withdrawn",
    fr: "Cette invitation a déjà été acceptée ou retirée",
  },
  {
    en: "This invitation was withdrawn. Please ask for a new one.",
    fr: "Cette invitation a été retirée. Veuillez en demander une nouvelle.",
  },
  {
    en: "This person is already on the staff: change their role or parks instead",
    fr: "Cette personne fait déjà partie de l'équipe\u00a0: modifiez plutôt son rôle ou ses parkings",
  },
  {
    en: "This role works at every park of its operator: choose no parks",
    fr: "Ce rôle travaille dans tous les parkings de son exploitant\u00a0: ne choisissez aucun parking",
  },
  {
    en: "Too many attempts. Please wait a moment and try again.",
    fr: "Trop de tentatives. Veuillez patienter un instant et réessayer.",
  },
  { en: "Unknown operator", fr: "Exploitant inconnu" },
  {
    en: "You cannot change your own role or remove yourself",
    fr: "Vous ne pouvez pas modifier votre propre rôle ni vous retirer",
  },
  { en: "You cannot give this role", fr: "Vous ne pouvez pas attribuer ce rôle" },
  { en: "from must be before to", fr: "from doit précéder to" },
  { en: "kind must be contact or demo", fr: "kind doit être contact ou demo" },
  { en: "operator_id must be an operator id", fr: "operator_id doit être un identifiant d'exploitant" },
  {
    en: "park_ids must be a list of park ids",
    fr: "park_ids doit être une liste d'identifiants de parkings",
  },
  { en: "status must be active or disabled", fr: "status doit être active ou disabled" },
  { en: "status must be new or answered", fr: "status doit être new ou answered" },
  { en: "{name} is no longer on the staff", fr: "{name} ne fait plus partie de l'équipe" },
  {
    en: "{name} must be a date (YYYY-MM-DD) or an ISO 8601 date and time",
    fr: "{name} doit être une date (AAAA-MM-JJ) ou une date et heure ISO 8601",
  },
  { en: "{name} must be a date", fr: "{name} doit être une date" },
];

/** The back office's dashboard and reports. */
export const ADMIN_REPORTS: ServerText[] = [
  { en: "Use a date as YYYY-MM-DD", fr: "Indiquez une date au format AAAA-MM-JJ" },
  {
    en: "The start date must be on or before the end date",
    fr: "La date de début doit être antérieure ou égale à la date de fin",
  },
  { en: "The range may cover at most 366 days", fr: "La période peut couvrir au plus 366 jours" },
  { en: "This report has no status filter", fr: "Ce rapport n'a pas de filtre de statut" },
  { en: "Unknown status", fr: "Statut inconnu" },
  { en: "format must be json or csv", fr: "Le format doit être json ou csv" },
];
