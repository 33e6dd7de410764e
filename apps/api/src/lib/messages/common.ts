/** What every part of the API may send: HTTP and the error plugin's sentences, the contract's field messages, zod's defaults. */
import {
  EMAIL_TEXT,
  PASSWORD_MAX_TEXT,
  PASSWORD_MIN_TEXT,
  PLATE_TEXT,
  REQUIRED_TEXT,
} from "@parkwell/contract";

export interface ServerText {
  en: string;
  fr: string;
}

/** Sentences every part of the API may send: the error plugin's, HTTP and validation defaults. */
export const HTTP: ServerText[] = [
  { en: "Something went wrong", fr: "Une erreur s'est produite" },
  {
    en: "Parkwell is briefly unavailable. Please try again in a moment.",
    fr: "Parkwell est momentanément indisponible. Veuillez réessayer dans un instant.",
  },
  { en: "Invalid request", fr: "Requête invalide" },
  { en: "Invalid value", fr: "Valeur invalide" },
  { en: "Bad request", fr: "Requête incorrecte" },
  { en: "The request could not be processed", fr: "La requête n'a pas pu être traitée" },
  { en: "The request body is not valid JSON", fr: "Le corps de la requête n'est pas un JSON valide" },
  {
    en: "The request body is empty; send a JSON object",
    fr: "Le corps de la requête est vide ; envoyez un objet JSON",
  },
  {
    en: "Unsupported content type; send application/json",
    fr: "Type de contenu non pris en charge ; utilisez application/json",
  },
  {
    en: "The Content-Length header does not match the body",
    fr: "L'en-tête Content-Length ne correspond pas au corps de la requête",
  },
  { en: "The request body is too large", fr: "Le corps de la requête est trop volumineux" },
  { en: "The request body is nested too deeply", fr: "Le corps de la requête est trop imbriqué" },
  { en: "The Content-Type header is not valid", fr: "L'en-tête Content-Type n'est pas valide" },
  { en: "Unsupported charset; send UTF-8", fr: "Jeu de caractères non pris en charge ; utilisez UTF-8" },
  { en: "The request URL is not valid", fr: "L'URL de la requête n'est pas valide" },
  { en: "A part of the request URL is too long", fr: "Une partie de l'URL de la requête est trop longue" },
  { en: "The request could not be routed", fr: "La requête n'a pas pu être acheminée" },
  { en: "No route for {method} {path}", fr: "Aucune route pour {method} {path}" },
  {
    en: "The web app is not built: run npm run build",
    fr: "L'application web n'est pas construite\u00a0: lancez npm run build",
  },
  { en: "Contains a character that is not allowed", fr: "Contient un caractère non autorisé" },
  {
    en: "{field}: Contains a character that is not allowed",
    fr: "{field}\u00a0: contient un caractère non autorisé",
  },
  { en: "No authentication token found", fr: "Aucun jeton d'authentification trouvé" },
  {
    en: "Your session has expired. Please log in again.",
    fr: "Votre session a expiré. Veuillez vous reconnecter.",
  },
];

/**
 * The contract's field messages (packages/contract/src), shared with the web app: the French is
 * the web catalogue's where it has one. `{name}` is the field's name as the API spells it.
 */
export const FIELDS: ServerText[] = [
  { en: REQUIRED_TEXT, fr: "Ce champ est obligatoire !" },
  { en: EMAIL_TEXT, fr: "Veuillez saisir un e-mail valide" },
  { en: PASSWORD_MIN_TEXT, fr: "Le mot de passe doit contenir au moins 8 caractères" },
  { en: PASSWORD_MAX_TEXT, fr: "Le mot de passe doit contenir au plus 256 caractères" },
  { en: PLATE_TEXT, fr: "Veuillez saisir une plaque d'immatriculation valide" },
  { en: "Please enter a valid phone number", fr: "Veuillez saisir un numéro de téléphone valide" },
  { en: "Please choose a country", fr: "Veuillez choisir un pays" },
  { en: "Please choose a vehicle type", fr: "Veuillez choisir un type de véhicule" },
  { en: "Please enter a valid image URL", fr: "Veuillez saisir une adresse d'image valide" },
  { en: "Must be at most {max} characters", fr: "Doit contenir au plus {max} caractères" },
  { en: "provider must be google or apple", fr: "Le champ « provider » doit valoir google ou apple" },
  {
    en: "booking_reminders must be true or false",
    fr: "Le champ « booking_reminders » doit valoir true ou false",
  },
  { en: "pin_confirmed must be true or false", fr: "Le champ « pin_confirmed » doit valoir true ou false" },
  { en: "status must be cancelled or active", fr: "Le champ « status » doit valoir cancelled ou active" },
  { en: "language must be en or fr", fr: "Le champ « language » doit valoir en ou fr" },
  { en: "currency is a 3-letter code", fr: "Le champ « currency » doit être un code de 3 lettres" },
  { en: "a country code is two capital letters", fr: "Un code de pays s'écrit en deux lettres majuscules" },
  {
    en: "description is at most 200 characters",
    fr: "Le champ « description » doit contenir au plus 200 caractères",
  },
  {
    en: "phone must be a phone number (digits, spaces, + and -)",
    fr: "Le champ « phone » doit être un numéro de téléphone (chiffres, espaces, + et -)",
  },
  {
    en: "Idempotency-Key must be 1 to 255 letters, digits or _ . : -",
    fr: "L'en-tête Idempotency-Key doit compter de 1 à 255 lettres, chiffres ou _ .\u00a0: -",
  },
  {
    en: "The Idempotency-Key header is required: send a new key for each top-up",
    fr: "L'en-tête Idempotency-Key est obligatoire\u00a0: envoyez une nouvelle clé pour chaque rechargement",
  },
  { en: "{name} is required", fr: "Le champ « {name} » est obligatoire" },
  { en: "{name} is too large", fr: "Le champ « {name} » est trop grand" },
  { en: "{name} must be text", fr: "Le champ « {name} » doit être du texte" },
  { en: "{name} must be a number", fr: "Le champ « {name} » doit être un nombre" },
  { en: "{name} must be a single number", fr: "Le champ « {name} » doit être un seul nombre" },
  { en: "{name} must be a whole number", fr: "Le champ « {name} » doit être un nombre entier" },
  {
    en: "{name} must be a positive whole number",
    fr: "Le champ « {name} » doit être un nombre entier positif",
  },
  { en: "{name} must be 1 or more", fr: "Le champ « {name} » doit valoir 1 ou plus" },
  { en: "{name} must be at least {min}", fr: "Le champ « {name} » doit valoir au moins {min}" },
  { en: "{name} must be at most {max}", fr: "Le champ « {name} » doit valoir au plus {max}" },
  {
    en: "{name} must be between {min} and {max}",
    fr: "Le champ « {name} » doit être compris entre {min} et {max}",
  },
  {
    en: "{name} must be at least {min} characters",
    fr: "Le champ « {name} » doit contenir au moins {min} caractères",
  },
  {
    en: "{name} must be at most {max} characters",
    fr: "Le champ « {name} » doit contenir au plus {max} caractères",
  },
  { en: "{name} must be a single value", fr: "Le champ « {name} » doit être une seule valeur" },
  {
    en: "{name} must be a single date and time",
    fr: "Le champ « {name} » doit être une seule date et heure",
  },
  {
    en: "{name} must be an ISO 8601 date and time",
    fr: "Le champ « {name} » doit être une date et heure ISO 8601",
  },
  { en: "from must not be after to", fr: "La date de début ne doit pas être après la date de fin" },
  {
    en: "status must be active, completed or cancelled",
    fr: "Le statut doit être active, completed ou cancelled",
  },
  {
    en: "{name} must be a comma-separated list",
    fr: "Le champ « {name} » doit être une liste séparée par des virgules",
  },
  {
    en: "{name} must be one of {values}",
    fr: "Le champ « {name} » doit valoir l'une de ces valeurs\u00a0: {values}",
  },
  { en: "{name} must be among {values}", fr: "Le champ « {name} » doit être choisi parmi\u00a0: {values}" },
];

/** zod's own English, for the few checks the contract leaves without a message of its own. */
export const ZOD_DEFAULTS: ServerText[] = [
  { en: "Invalid input", fr: "Valeur invalide" },
  {
    en: "Invalid input: expected {expected}, received {received}",
    fr: "Valeur invalide\u00a0: {expected} attendu, {received} reçu",
  },
  { en: "Invalid input: expected {value}", fr: "Valeur invalide\u00a0: {value} attendu" },
  {
    en: "Invalid option: expected one of {values}",
    fr: "Option invalide\u00a0: une valeur parmi {values} attendue",
  },
  {
    en: "Too big: expected string to have <={max} characters",
    fr: "Trop long\u00a0: au plus {max} caractères",
  },
  {
    en: "Too small: expected string to have >={min} characters",
    fr: "Trop court\u00a0: au moins {min} caractères",
  },
  { en: "Too big: expected array to have <={max} items", fr: "Trop d'éléments\u00a0: au plus {max}" },
  { en: "Too big: expected number to be <={max}", fr: "Trop grand\u00a0: au plus {max}" },
  { en: "Too big: expected number to be <{max}", fr: "Trop grand\u00a0: moins de {max}" },
  { en: "Too small: expected number to be >={min}", fr: "Trop petit\u00a0: au moins {min}" },
  { en: "Too small: expected number to be >{min}", fr: "Trop petit\u00a0: plus de {min}" },
  { en: "Invalid email address", fr: "Adresse e-mail invalide" },
  { en: "Invalid URL", fr: "URL invalide" },
  { en: "Invalid UUID", fr: "UUID invalide" },
  { en: "Invalid ISO datetime", fr: "Date et heure ISO invalides" },
  {
    en: "Invalid string: must match pattern {pattern}",
    fr: "Texte invalide\u00a0: doit respecter le motif {pattern}",
  },
  { en: "Unrecognized key: {keys}", fr: "Clé non reconnue\u00a0: {keys}" },
  { en: "Unrecognized keys: {keys}", fr: "Clés non reconnues\u00a0: {keys}" },
];
