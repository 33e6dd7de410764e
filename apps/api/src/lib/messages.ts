/**
 * Every sentence the API sends, in English (word for word as the code writes it: the English
 * text is the key) and in French. A value inside a sentence is written `{name}` in both
 * languages: the English pattern finds the value in the sentence sent, the French one puts it
 * back. Translation happens once, as the reply is sent (plugins/errors.ts for errors and
 * plugins/messages.ts for success messages), with `translate`; services keep writing English.
 *
 * To add a sentence: write it in the code as usual, then add its entry here (messages.test.ts
 * walks the source and fails on a sentence that has none). French: vous, straight apostrophes,
 * a plain space before : ; ? ! and inside « », as the web app's catalogues (apps/web/src/locales/fr).
 */
import {
  BOOKING_FULL_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_MINIMUM_MESSAGE,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_PERCENT_MAX_MESSAGE,
  COUPON_OTHER_COUNTRY_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  ADDRESS_PIN_UNCONFIRMED_MESSAGE,
  DELIVERY_OUT_OF_AREA_MESSAGE,
  ITEM_INACTIVE_MESSAGE,
  ITEM_NOT_FOUND_MESSAGE,
  ORDER_CART_PROBLEM_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STAGE_REFUSED_MESSAGE,
  ORDERING_OFF_MESSAGE,
  OUT_OF_STOCK_MESSAGE,
  OVER_STOCK_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  EMAIL_TEXT,
  EVENT_ACCESS_WRONG_MESSAGE,
  EVENT_BOOKING_FIXED_MESSAGE,
  EVENT_BOOKING_NOT_RENEWABLE_MESSAGE,
  EVENT_CODE_INVALID_MESSAGE,
  EVENT_ENDED_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_PARK_MISSING_MESSAGE,
  EVENT_SOLD_OUT_MESSAGE,
  EVENT_VEHICLE_TYPE_MISSING_MESSAGE,
  PASSWORD_MAX_TEXT,
  PASSWORD_MIN_TEXT,
  PLATE_TEXT,
  REQUIRED_TEXT,
  windowRefusalText,
  type WindowRefusal,
} from "@parkwell/contract";
import type { Language } from "./language";
import { moneyIn } from "./money";

interface ServerText {
  en: string;
  fr: string;
}

/** Sentences every part of the API may send: the error plugin's, HTTP and validation defaults. */
const HTTP: ServerText[] = [
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
    fr: "L'application web n'est pas construite : lancez npm run build",
  },
  { en: "Contains a character that is not allowed", fr: "Contient un caractère non autorisé" },
  {
    en: "{field}: Contains a character that is not allowed",
    fr: "{field} : contient un caractère non autorisé",
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
const FIELDS: ServerText[] = [
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
    fr: "L'en-tête Idempotency-Key doit compter de 1 à 255 lettres, chiffres ou _ . : -",
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
    fr: "Le champ « {name} » doit valoir l'une de ces valeurs : {values}",
  },
  { en: "{name} must be among {values}", fr: "Le champ « {name} » doit être choisi parmi : {values}" },
];

/** zod's own English, for the few checks the contract leaves without a message of its own. */
const ZOD_DEFAULTS: ServerText[] = [
  { en: "Invalid input", fr: "Valeur invalide" },
  {
    en: "Invalid input: expected {expected}, received {received}",
    fr: "Valeur invalide : {expected} attendu, {received} reçu",
  },
  { en: "Invalid input: expected {value}", fr: "Valeur invalide : {value} attendu" },
  {
    en: "Invalid option: expected one of {values}",
    fr: "Option invalide : une valeur parmi {values} attendue",
  },
  { en: "Too big: expected string to have <={max} characters", fr: "Trop long : au plus {max} caractères" },
  {
    en: "Too small: expected string to have >={min} characters",
    fr: "Trop court : au moins {min} caractères",
  },
  { en: "Too big: expected array to have <={max} items", fr: "Trop d'éléments : au plus {max}" },
  { en: "Too big: expected number to be <={max}", fr: "Trop grand : au plus {max}" },
  { en: "Too big: expected number to be <{max}", fr: "Trop grand : moins de {max}" },
  { en: "Too small: expected number to be >={min}", fr: "Trop petit : au moins {min}" },
  { en: "Too small: expected number to be >{min}", fr: "Trop petit : plus de {min}" },
  { en: "Invalid email address", fr: "Adresse e-mail invalide" },
  { en: "Invalid URL", fr: "URL invalide" },
  { en: "Invalid UUID", fr: "UUID invalide" },
  { en: "Invalid ISO datetime", fr: "Date et heure ISO invalides" },
  {
    en: "Invalid string: must match pattern {pattern}",
    fr: "Texte invalide : doit respecter le motif {pattern}",
  },
  { en: "Unrecognized key: {keys}", fr: "Clé non reconnue : {keys}" },
  { en: "Unrecognized keys: {keys}", fr: "Clés non reconnues : {keys}" },
];

const ACCOUNTS: ServerText[] = [
  {
    en: "Registration successful. Please check your email to verify your account.",
    fr: "Inscription réussie. Consultez vos e-mails pour vérifier votre compte.",
  },
  {
    en: "If an account with this email needs verification, we have sent a new verification link.",
    fr: "Si le compte de cet e-mail doit être vérifié, nous avons envoyé un nouveau lien de vérification.",
  },
  {
    en: "If an account exists for this email, we have sent a link to reset your password.",
    fr: "Si un compte existe pour cet e-mail, nous avons envoyé un lien pour réinitialiser votre mot de passe.",
  },
  {
    en: "This link is invalid or has expired. Please request a new one.",
    fr: "Ce lien est invalide ou a expiré. Demandez-en un nouveau.",
  },
  {
    en: "This e-mail address is already verified. You can sign in.",
    fr: "Cette adresse e-mail est déjà vérifiée. Vous pouvez vous connecter.",
  },
  {
    en: "Your password has been reset. Please log in with your new password.",
    fr: "Votre mot de passe a été réinitialisé. Connectez-vous avec votre nouveau mot de passe.",
  },
  { en: "Invalid email or password", fr: "E-mail ou mot de passe incorrect" },
  {
    en: "Please verify your email address before logging in. Check your inbox for the verification link.",
    fr: "Veuillez vérifier votre adresse e-mail avant de vous connecter. Le lien de vérification est dans votre boîte de réception.",
  },
  {
    en: "This account has been disabled. Please contact support.",
    fr: "Ce compte a été désactivé. Veuillez contacter le support.",
  },
  { en: "You have been logged out.", fr: "Vous êtes déconnecté." },
  { en: "Your current password is incorrect", fr: "Votre mot de passe actuel est incorrect" },
  {
    en: "Your password has been changed. Your other sessions have been logged out.",
    fr: "Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées.",
  },
  {
    en: "Social login is currently unavailable. Please try logging in with email and password.",
    fr: "La connexion via les réseaux sociaux est actuellement indisponible. Connectez-vous avec votre e-mail et votre mot de passe.",
  },
  {
    en: "An account with this email already exists. Please sign in with your original method.",
    fr: "Un compte existe déjà avec cet e-mail. Connectez-vous avec votre méthode d'origine.",
  },
  {
    en: "Account linking required. Please contact support.",
    fr: "Association de comptes requise. Veuillez contacter le support.",
  },
  {
    en: "Social login failed. Please try again.",
    fr: "La connexion via les réseaux sociaux a échoué. Veuillez réessayer.",
  },
  {
    en: "Your Google or Apple account did not share an email address.",
    fr: "Votre compte Google ou Apple n'a pas communiqué d'adresse e-mail.",
  },
  {
    en: "Your Google or Apple account has not verified this email address. Please verify it with them first, or sign up with email and password.",
    fr: "Votre compte Google ou Apple n'a pas vérifié cette adresse e-mail. Faites-la vérifier chez eux d'abord, ou inscrivez-vous avec un e-mail et un mot de passe.",
  },
  {
    en: "Too many login attempts. Please wait a moment and try again.",
    fr: "Trop de tentatives de connexion. Patientez un instant puis réessayez.",
  },
  {
    en: "Too many requests. Please wait a moment and try again.",
    fr: "Trop de demandes. Patientez un instant puis réessayez.",
  },
  { en: "Account not found", fr: "Compte introuvable" },
  { en: "User not found", fr: "Utilisateur introuvable" },
  {
    en: "Too many forms were sent from this address. Please try again in a few minutes.",
    fr: "Trop de formulaires ont été envoyés depuis cette adresse. Réessayez dans quelques minutes.",
  },
];

const VEHICLES: ServerText[] = [
  { en: "Vehicle not found", fr: "Véhicule introuvable" },
  {
    en: "You already saved a vehicle with this plate number",
    fr: "Vous avez déjà enregistré un véhicule avec cette plaque",
  },
  { en: "Vehicle deleted", fr: "Véhicule supprimé" },
];

const PARKS: ServerText[] = [
  { en: "Park ID is required", fr: "L'identifiant du parking est obligatoire" },
  { en: "Park not found", fr: "Parking introuvable" },
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

const BOOKINGS: ServerText[] = [
  { en: BOOKING_FULL_MESSAGE, fr: "Il ne reste plus de place pour ce type de véhicule sur ce créneau." },
  { en: BOOKING_NOT_FOUND_MESSAGE, fr: "Réservation introuvable" },
  {
    en: "This vehicle already has a booking in this window",
    fr: "Ce véhicule a déjà une réservation sur ce créneau",
  },
  {
    en: "Your wallet balance is too low: add {amount} {currency} to pay for this booking",
    fr: "Le solde de votre portefeuille est insuffisant : ajoutez {amount} {currency} pour payer cette réservation",
  },
  {
    en: "This booking was paid in {paid} but the park now charges in {charged}, so it cannot be priced again",
    fr: "Cette réservation a été payée en {paid} mais le parking facture désormais en {charged} : elle ne peut pas être tarifée à nouveau",
  },
  {
    en: "This park's currency changed while you were booking: look at its prices again",
    fr: "La devise de ce parking a changé pendant votre réservation : consultez à nouveau ses prix",
  },
  {
    en: "Your wallet can pay for this booking: book it directly",
    fr: "Votre portefeuille peut payer cette réservation : réservez directement",
  },
  {
    en: "This park charges in {park}; your wallet is in {wallet}, so a top-up cannot pay for it",
    fr: "Ce parking facture en {park} ; votre portefeuille est en {wallet}, une recharge ne peut donc pas payer ce stationnement",
  },
  {
    en: "This Idempotency-Key was used for another booking",
    fr: "Cette clé Idempotency-Key a déjà servi pour une autre réservation",
  },
  { en: "This vehicle is of another vehicle type", fr: "Ce véhicule est d'un autre type" },
  {
    en: "The vehicle can only be changed before the booking starts",
    fr: "Le véhicule ne peut être changé qu'avant le début de la réservation",
  },
  {
    en: "The vehicle cannot be changed once the car has checked in",
    fr: "Le véhicule ne peut plus être changé une fois la voiture entrée",
  },
  {
    en: "Choose a saved vehicle or type a plate number",
    fr: "Choisissez un véhicule enregistré ou saisissez une plaque d'immatriculation",
  },
  { en: "Only an active booking can be extended", fr: "Seule une réservation active peut être prolongée" },
  { en: "This booking has already ended", fr: "Cette réservation est déjà terminée" },
  {
    en: "The new end time must be after the current end time",
    fr: "La nouvelle heure de départ doit suivre l'heure de départ actuelle",
  },
  { en: "A booking can last at most {days} days", fr: "Une réservation dure au plus {days} jours" },
  { en: "Only an active booking can be cancelled", fr: "Seule une réservation active peut être annulée" },
  {
    en: "A booking cannot be cancelled after it has started",
    fr: "Une réservation ne peut plus être annulée une fois commencée",
  },
  {
    en: "This car is in the car park: a booking cannot be cancelled once it has checked in",
    fr: "Cette voiture est dans le parking : une réservation ne peut plus être annulée une fois entrée",
  },
  { en: "Only a cancelled booking can be renewed", fr: "Seule une réservation annulée peut être rétablie" },
  {
    en: "A booking can only be renewed before it starts",
    fr: "Une réservation ne peut être rétablie qu'avant son début",
  },
];

const WALLET: ServerText[] = [
  { en: "Insufficient wallet balance", fr: "Solde du portefeuille insuffisant" },
  { en: "Wallet retrieved", fr: "Portefeuille récupéré" },
  { en: "Transactions retrieved", fr: "Transactions récupérées" },
  { en: "Payment initialized", fr: "Paiement initialisé" },
  { en: "Your wallet is in {currency}", fr: "Votre portefeuille est en {currency}" },
  {
    en: "Card payments through Stripe are for USD and CAD wallets",
    fr: "Les paiements par carte via Stripe sont réservés aux portefeuilles en USD et en CAD",
  },
  {
    en: "Payments are not available right now. Please try again later.",
    fr: "Les paiements sont indisponibles pour le moment. Veuillez réessayer plus tard.",
  },
  { en: "Card payments are not configured", fr: "Les paiements par carte ne sont pas configurés" },
  {
    en: "This Idempotency-Key was used with a different request",
    fr: "Cette clé Idempotency-Key a déjà servi pour une autre requête",
  },
  {
    en: "A request with this Idempotency-Key is still in progress",
    fr: "Une requête avec cette clé Idempotency-Key est encore en cours",
  },
  { en: "Amount must be a positive number", fr: "Le montant doit être un nombre positif" },
  {
    en: "Amount must be a whole number of {currency}",
    fr: "Le montant doit être un nombre entier de {currency}",
  },
  {
    en: "Amount can have at most {decimals} decimal places",
    fr: "Le montant peut avoir au plus {decimals} décimales",
  },
  { en: "Amount must be at least {amount}", fr: "Le montant doit être d'au moins {amount}" },
  { en: "Amount must be at most {amount}", fr: "Le montant doit être d'au plus {amount}" },
  {
    en: "A wallet can hold at most {max}; you can add up to {room}",
    fr: "Un portefeuille peut contenir au plus {max} ; vous pouvez ajouter jusqu'à {room}",
  },
  {
    en: "A wallet can hold at most {max}; with {pending} in top-ups still being paid, you can add up to {room}",
    fr: "Un portefeuille peut contenir au plus {max} ; avec {pending} de rechargements en cours de paiement, vous pouvez ajouter jusqu'à {room}",
  },
  { en: "Payment not found", fr: "Paiement introuvable" },
  { en: "The amount does not match this payment", fr: "Le montant ne correspond pas à ce paiement" },
  {
    en: "This payment's provider is not available right now",
    fr: "Le prestataire de ce paiement est indisponible pour le moment",
  },
  {
    en: "Your wallet was credited up to its limit; the rest is held and our support team will return it to you",
    fr: "Votre portefeuille a été crédité jusqu'à son plafond ; le reste est retenu et notre équipe d'assistance vous le rendra",
  },
  {
    en: "Payment verified. Your wallet was credited up to its limit; the rest is held and our support team will return it to you",
    fr: "Paiement vérifié. Votre portefeuille a été crédité jusqu'à son plafond ; le reste est retenu et notre équipe d'assistance vous le rendra",
  },
  {
    en: "Payment already verified. Your wallet was credited up to its limit; the rest is held and our support team will return it to you",
    fr: "Paiement déjà vérifié. Votre portefeuille a été crédité jusqu'à son plafond ; le reste est retenu et notre équipe d'assistance vous le rendra",
  },
  {
    en: "The payment does not match what was initialised; nothing was credited",
    fr: "Le paiement ne correspond pas à ce qui a été initialisé ; rien n'a été crédité",
  },
  {
    en: "The payment failed or was cancelled; nothing was credited",
    fr: "Le paiement a échoué ou a été annulé ; rien n'a été crédité",
  },
  {
    en: "This top-up expired before it was paid; nothing was credited",
    fr: "Ce rechargement a expiré avant d'être payé ; rien n'a été crédité",
  },
  {
    en: "Payment verified and your wallet was credited",
    fr: "Paiement vérifié et votre portefeuille a été crédité",
  },
  { en: "Payment already verified", fr: "Paiement déjà vérifié" },
  {
    en: "Payment verified: your booking {code} is confirmed",
    fr: "Paiement vérifié : votre réservation {code} est confirmée",
  },
  {
    en: "Payment verified, but the space was taken after your hold expired, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais la place a été prise après l'expiration de votre réservation provisoire, rien n'a donc été réservé : l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but the window is over, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais le créneau est passé, rien n'a donc été réservé : l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but the park's currency changed, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais la devise du parking a changé, rien n'a donc été réservé : l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but your wallet no longer covers the booking, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais votre portefeuille ne couvre plus la réservation, rien n'a donc été réservé : l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but your vehicle is booked elsewhere in this window, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais votre véhicule est réservé ailleurs sur ce créneau, rien n'a donc été réservé : l'argent est dans votre portefeuille",
  },
  { en: "Payment verification already in progress", fr: "La vérification du paiement est déjà en cours" },
  { en: "Payment has not been completed yet", fr: "Le paiement n'est pas encore terminé" },
  { en: "This payment has already been credited", fr: "Ce paiement a déjà été crédité" },
  { en: "Your wallet was credited", fr: "Votre portefeuille a été crédité" },
  {
    en: "The payment has not been confirmed by the provider; nothing was credited",
    fr: "Le paiement n'a pas été confirmé par le prestataire ; rien n'a été crédité",
  },
  { en: "Unknown payment provider", fr: "Prestataire de paiement inconnu" },
  { en: "This provider is not configured", fr: "Ce prestataire n'est pas configuré" },
  { en: "The webhook signature is not valid", fr: "La signature du webhook n'est pas valide" },
  {
    en: "The payment provider could not be reached. Nothing was charged to your wallet; please try again in a moment.",
    fr: "Le prestataire de paiement est injoignable. Rien n'a été débité de votre portefeuille ; réessayez dans un instant.",
  },
  {
    en: "The payment provider did not answer in time. Nothing was charged to your wallet; please try again in a moment.",
    fr: "Le prestataire de paiement n'a pas répondu à temps. Rien n'a été débité de votre portefeuille ; réessayez dans un instant.",
  },
  {
    en: "The payment provider refused the request. Please try again later.",
    fr: "Le prestataire de paiement a refusé la requête. Veuillez réessayer plus tard.",
  },
];

/**
 * Why a window cannot be booked: the contract's sentences (shared with the web app), in both
 * languages from its own `windowRefusalText`; values become `{name}`, weekdays are listed.
 */
function windowRefusals(): ServerText[] {
  const both = (r: WindowRefusal): ServerText => ({
    en: windowRefusalText(r, "en"),
    fr: windowRefusalText(r, "fr"),
  });
  const refusals: WindowRefusal[] = [
    { code: "past" },
    { code: "end_before_start" },
    { code: "too_long", days: "{days}" as unknown as number },
    { code: "opens_at", time: "{time}" },
    { code: "closed_at_start", closes: "{closes}" },
    { code: "closes_before_end", time: "{time}" },
    { code: "closed_at_end" },
    { code: "closed_date", date: "{date}" },
    ...[0, 1, 2, 3, 4, 5, 6].map((weekday): WindowRefusal => ({ code: "closed_day", weekday })),
  ];
  return refusals.map(both);
}

/** The one catalogue. */
const ADMIN: ServerText[] = [
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
const ADMIN_PARKS: ServerText[] = [
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
  { en: "Choose a type: {value}", fr: "Choisissez un type : {value}" },
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
    fr: "Un parking qui a des tarifs ne peut pas changer de pays : supprimez d'abord ses tarifs",
  },
  {
    en: "A park's country and time zone cannot change while it has bookings, drive-up sales, events or orders that are not finished",
    fr: "Le pays et le fuseau horaire d'un parking ne peuvent pas changer tant qu'il a des réservations, des ventes sans réservation, des événements ou des commandes en cours",
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
const ADMIN_PEOPLE: ServerText[] = [
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
    fr: "Cette adresse e-mail a déjà un compte Parkwell : saisissez son mot de passe pour accepter",
  },
  {
    en: "This e-mail's account signs in with Google or Apple: sign in with it first, then open this link again.",
    fr: "Le compte de cette adresse e-mail se connecte avec Google ou Apple : connectez-vous d'abord avec, puis rouvrez ce lien.",
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
    fr: "Cette personne fait déjà partie de l'équipe : modifiez plutôt son rôle ou ses parkings",
  },
  {
    en: "This role works at every park of its operator: choose no parks",
    fr: "Ce rôle travaille dans tous les parkings de son exploitant : ne choisissez aucun parking",
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

/** The gate: check-in and check-out, drive-up sales. */
const GATE: ServerText[] = [
  {
    en: "This QR code is not a valid Parkwell booking QR code",
    fr: "Ce code QR n'est pas un code QR de réservation Parkwell valide",
  },
  { en: "Already checked in at {time}", fr: "Déjà entré à {time}" },
  { en: "Already checked out at {time}", fr: "Déjà sorti à {time}" },
  { en: "This booking was cancelled", fr: "Cette réservation a été annulée" },
  { en: "This booking ended at {time}", fr: "Cette réservation s'est terminée à {time}" },
  { en: "This booking starts at {time}", fr: "Cette réservation commence à {time}" },
  { en: "This car was never checked in", fr: "Ce véhicule n'a jamais été enregistré à l'entrée" },
  { en: "This booking is for {park}", fr: "Cette réservation concerne {park}" },
  {
    en: "Reload the page and choose the park the car is entering or leaving",
    fr: "Rechargez la page et choisissez le parking où le véhicule entre ou sort",
  },
  { en: "Checked in", fr: "Entrée enregistrée" },
  { en: "Checked out", fr: "Sortie enregistrée" },
  {
    en: "Checked out: overstay owed at the gate",
    fr: "Sortie enregistrée : dépassement à régler à la barrière",
  },
  { en: "Sale not found", fr: "Vente introuvable" },
  { en: "This sale was voided", fr: "Cette vente a été annulée" },
  { en: "This sale is already closed", fr: "Cette vente est déjà clôturée" },
  {
    en: "A sale can only be voided within 10 minutes of being recorded: close it instead",
    fr: "Une vente ne peut être annulée que dans les 10 minutes suivant son enregistrement : clôturez-la plutôt",
  },
  { en: "This park is full for this vehicle type", fr: "Ce parking est complet pour ce type de véhicule" },
  {
    en: "Too many unknown codes: wait a few minutes before trying again",
    fr: "Trop de codes inconnus : attendez quelques minutes avant de réessayer",
  },
  { en: "Drive-up recorded", fr: "Arrivée sans réservation enregistrée" },
  { en: "Drive-up closed", fr: "Vente sans réservation clôturée" },
  { en: "Drive-up voided", fr: "Vente sans réservation annulée" },
  {
    en: "Type a booking code or scan its QR code",
    fr: "Saisissez un code de réservation ou scannez son code QR",
  },
  {
    en: "Type a booking code such as PW-7K3M9QXA, or scan its QR code",
    fr: "Saisissez un code de réservation comme PW-7K3M9QXA, ou scannez son code QR",
  },
  {
    en: "expected_minutes must be a whole number of minutes",
    fr: "Le champ « expected_minutes » doit être un nombre entier de minutes",
  },
  { en: "payment_method must be cash or card", fr: "Le champ « payment_method » doit valoir cash ou card" },
];

/** The back office's dashboard and reports. */
const EVENTS: ServerText[] = [
  {
    en: "The event was changed while you published it: publish it again",
    fr: "L'événement a été modifié pendant sa publication : publiez-le de nouveau",
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
    fr: "Une réservation d'événement annulée ne peut pas être réactivée : réservez de nouveau l'événement",
  },
  { en: "Enter the access code", fr: "Saisissez le code d'accès" },
  { en: "Enter the event code", fr: "Saisissez le code de l'événement" },
  { en: EVENT_CODE_INVALID_MESSAGE, fr: "Saisissez un code d'événement comme EV-7K2Q9" },
  { en: "An access code is at most 40 characters", fr: "Un code d'accès compte au plus 40 caractères" },
  { en: "Give both lat and lng, or neither", fr: "Indiquez à la fois lat et lng, ou aucun des deux" },
  { en: "{name} is too long", fr: "Le champ « {name} » est trop long" },
  {
    en: "Too many wrong access codes: wait a few minutes before trying again",
    fr: "Trop de codes d'accès erronés : patientez quelques minutes avant de réessayer",
  },
];

const ADMIN_REPORTS: ServerText[] = [
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

/** The back office's events (features/admin/events, contract admin-events.ts). */
const ADMIN_EVENTS: ServerText[] = [
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
  { en: "Choose a category: {value}", fr: "Choisissez une catégorie : {value}" },
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
    fr: "Cet événement est annulé : il ne peut plus être modifié",
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
    fr: "L'événement a des réservations : son début et sa fin ne peuvent pas changer",
  },
  {
    en: "A park with bookings for the event cannot be removed",
    fr: "Un parking qui a des réservations pour l'événement ne peut pas être retiré",
  },
  {
    en: "This park has bookings for the event: its buffers cannot change",
    fr: "Ce parking a des réservations pour l'événement : ses marges ne peuvent pas changer",
  },
  {
    en: "A vehicle type with bookings at this park cannot be removed",
    fr: "Un type de véhicule qui a des réservations dans ce parking ne peut pas être retiré",
  },
];

/** The marketplace's public API: catalogue, quote, orders, addresses (features/marketplace). */
const MARKETPLACE: ServerText[] = [
  {
    en: ORDERING_OFF_MESSAGE,
    fr: "La livraison et le retrait sont désactivés pour le moment. Veuillez patienter un peu",
  },
  { en: COUPON_PERCENT_MAX_MESSAGE, fr: "La remise doit être inférieure ou égale à 100" },
  {
    en: COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
    fr: "Le montant de la remise ne peut pas dépasser le sous-total",
  },
  { en: COUPON_UNKNOWN_MESSAGE, fr: "Ce code promo n'existe pas" },
  {
    en: COUPON_OTHER_COUNTRY_MESSAGE,
    fr: "Ce code promo est valable dans un autre pays, pas dans celui-ci",
  },
  { en: COUPON_NOT_STARTED_MESSAGE, fr: "Ce code promo n'est pas encore valable" },
  { en: COUPON_EXPIRED_MESSAGE, fr: "Ce code promo a expiré" },
  { en: COUPON_INACTIVE_MESSAGE, fr: "Ce code promo n'est plus disponible" },
  { en: COUPON_MINIMUM_MESSAGE, fr: "Ce code promo demande une commande d'au moins {amount}" },
  { en: COUPON_USED_UP_MESSAGE, fr: "Vous avez déjà utilisé ce code promo autant de fois qu'il le permet" },
  { en: ORDER_NOT_FOUND_MESSAGE, fr: "Commande introuvable" },
  { en: ITEM_NOT_FOUND_MESSAGE, fr: "Article introuvable" },
  { en: ORDER_STAGE_REFUSED_MESSAGE, fr: "Cette commande ne peut pas passer de {from} à {to}" },
  {
    en: ORDER_CART_PROBLEM_MESSAGE,
    fr: "Certains articles de votre panier ont changé : vérifiez-les et réessayez",
  },
  { en: OUT_OF_STOCK_MESSAGE, fr: "Rupture de stock" },
  { en: OVER_STOCK_MESSAGE, fr: "Plus que {available} en stock" },
  { en: ITEM_INACTIVE_MESSAGE, fr: "N'est plus vendu" },
  { en: DELIVERY_OUT_OF_AREA_MESSAGE, fr: "Cette adresse est en dehors de notre zone de livraison" },
  { en: ADDRESS_PIN_UNCONFIRMED_MESSAGE, fr: "Placez cette adresse sur la carte avant la livraison" },
  {
    en: "Say which lines are returned and how many units",
    fr: "Indiquez les lignes retournées et combien d'unités",
  },
  {
    en: "Line {position} cannot take back {quantity} units",
    fr: "La ligne {position} ne peut pas reprendre {quantity} unités",
  },
  { en: "This item is not sold here", fr: "Cet article n'est pas vendu ici" },
  { en: "Choose an option for this item", fr: "Choisissez une option pour cet article" },
  {
    en: "An add-on of this item is no longer available",
    fr: "Un supplément de cet article n'est plus disponible",
  },
  { en: "Fully booked on that day at this park", fr: "Complet ce jour-là dans ce parking" },
  { en: "Not done at this park", fr: "Non proposé dans ce parking" },
  { en: "Choose a delivery address", fr: "Choisissez une adresse de livraison" },
  { en: "Choose one of the parks offered", fr: "Choisissez l'un des parkings proposés" },
  { en: "Choose a time slot", fr: "Choisissez un créneau" },
  {
    en: "This time slot is not available: choose another",
    fr: "Ce créneau n'est pas disponible : choisissez-en un autre",
  },
  {
    en: "This booking is not an active booking of yours at this park",
    fr: "Cette réservation n'est pas l'une de vos réservations en cours dans ce parking",
  },
  {
    en: "Delivery is not available now: choose takeaway",
    fr: "La livraison n'est pas disponible pour le moment : choisissez le retrait",
  },
  {
    en: "Takeaway is not available now: choose delivery",
    fr: "Le retrait n'est pas disponible pour le moment : choisissez la livraison",
  },
  { en: "This country is not served", fr: "Ce pays n'est pas desservi" },
  {
    en: "This Idempotency-Key was used for another order",
    fr: "Cette clé Idempotency-Key a déjà servi pour une autre commande",
  },
  { en: "{name} is out of stock", fr: "{name} est en rupture de stock" },
  { en: "{name} is fully booked on that day", fr: "{name} est complet ce jour-là" },
  { en: "You can only order in your own country", fr: "Vous ne pouvez commander que dans votre propre pays" },
  { en: "This coupon does not apply", fr: "Ce code promo ne s'applique pas" },
  {
    en: "Your wallet balance is too low: add {amount} {currency} to pay for this order",
    fr: "Le solde de votre portefeuille est insuffisant : ajoutez {amount} {currency} pour payer cette commande",
  },
  { en: "Address not found", fr: "Adresse introuvable" },
  { en: "You can save at most {max} addresses", fr: "Vous pouvez enregistrer au plus {max} adresses" },
  { en: "Address deleted", fr: "Adresse supprimée" },
  { en: "Your cart is empty", fr: "Votre panier est vide" },
  { en: "on_offer must be true or false", fr: "Le champ « on_offer » doit valoir true ou false" },
  { en: "lines must be a list", fr: "Le champ « lines » doit être une liste" },
  { en: "addon_ids must be a list of ids", fr: "Le champ « addon_ids » doit être une liste d'identifiants" },
  { en: "An add-on is listed twice", fr: "Un supplément figure deux fois" },
  { en: "At most {max} add-ons per item", fr: "Au plus {max} suppléments par article" },
  { en: "A cart holds at most {max} lines", fr: "Un panier contient au plus {max} lignes" },
  { en: "Enter the address", fr: "Saisissez l'adresse" },
  { en: "Enter the city", fr: "Saisissez la ville" },
  { en: "Enter a phone number", fr: "Saisissez un numéro de téléphone" },
  { en: "Enter a valid phone number", fr: "Saisissez un numéro de téléphone valide" },
];

/** The back office's marketplace: catalogue, promotions, Delivery Setup, orders and deliveries. */
const ADMIN_MARKETPLACE: ServerText[] = [
  {
    en: "A code is 3 to 30 letters, digits or dashes",
    fr: "Un code compte de 3 à 30 lettres, chiffres ou tirets",
  },
  { en: "A day is 0 (Sunday) to 6 (Saturday)", fr: "Un jour va de 0 (dimanche) à 6 (samedi)" },
  { en: "A distance is a number of km more than 0", fr: "Une distance est un nombre de km supérieur à 0" },
  { en: "A distance is at most 1000 km", fr: "Une distance est d'au plus 1000 km" },
  {
    en: "A product has a stock, not a daily capacity",
    fr: "Un produit a un stock, pas une capacité journalière",
  },
  { en: "A product's variation needs a stock", fr: "Une variante de produit doit avoir un stock" },
  {
    en: "A service has a daily capacity, not a stock",
    fr: "Un service a une capacité journalière, pas un stock",
  },
  { en: "A service needs a daily capacity", fr: "Un service doit avoir une capacité journalière" },
  { en: "A service's variation has no stock", fr: "Une variante de service n'a pas de stock" },
  {
    en: "A slug is lower-case letters, digits and single dashes",
    fr: "Un slug se compose de lettres minuscules, de chiffres et de tirets simples",
  },
  { en: "Add-on not found", fr: "Supplément introuvable" },
  {
    en: "All variations of an item share one attribute",
    fr: "Toutes les variantes d'un article partagent le même attribut",
  },
  { en: "An entry is listed twice", fr: "Une entrée figure deux fois" },
  {
    en: "An icon is a Lucide icon name (lower-case letters, digits, dashes)",
    fr: "Une icône est un nom d'icône Lucide (lettres minuscules, chiffres, tirets)",
  },
  { en: "An image URL is at most 500 characters", fr: "Une adresse d'image compte au plus 500 caractères" },
  { en: "An image is a URL", fr: "Une image est une adresse URL" },
  {
    en: "An image is an https URL or an uploaded file",
    fr: "Une image est une adresse https ou un fichier téléversé",
  },
  { en: "An item has at most {count} images", fr: "Un article a au plus {count} images" },
  { en: "Another category already uses this slug", fr: "Une autre catégorie utilise déjà ce slug" },
  {
    en: "Another coupon of this country already uses this code",
    fr: "Un autre coupon de ce pays utilise déjà ce code",
  },
  { en: "At most {count} depots", fr: "Au plus {count} dépôts" },
  { en: "At most {count} distance bands", fr: "Au plus {count} tranches de distance" },
  { en: "At most {count} time slots", fr: "Au plus {count} créneaux horaires" },
  { en: "Choose at most {count} add-ons", fr: "Choisissez au plus {count} suppléments" },
  { en: "Choose at most {count} parks", fr: "Choisissez au plus {count} parkings" },
  { en: "Choose add-ons", fr: "Choisissez des suppléments" },
  { en: "Choose parks", fr: "Choisissez des parkings" },
  { en: "Attribute not found", fr: "Attribut introuvable" },
  { en: "Attribute removed", fr: "Attribut supprimé" },
  { en: "Category not found", fr: "Catégorie introuvable" },
  { en: "Category removed", fr: "Catégorie supprimée" },
  { en: "Choose a category", fr: "Choisissez une catégorie" },
  { en: "Choose an item", fr: "Choisissez un article" },
  { en: "Choose a courier", fr: "Choisissez un livreur" },
  { en: "Choose a stage: {stages}", fr: "Choisissez une étape : {stages}" },
  { en: "Choose active or inactive", fr: "Choisissez actif ou inactif" },
  { en: "Choose add-ons of the item's country", fr: "Choisissez des suppléments du pays de l'article" },
  { en: "Choose an attribute", fr: "Choisissez un attribut" },
  {
    en: "Choose an image to upload (a multipart/form-data field named image)",
    fr: "Choisissez une image à téléverser (un champ multipart/form-data nommé image)",
  },
  { en: "Choose an item of the offer's country", fr: "Choisissez un article du pays de l'offre" },
  {
    en: "Choose either an item or a category, not both",
    fr: "Choisissez soit un article, soit une catégorie, pas les deux",
  },
  { en: "Choose fixed or percentage", fr: "Choisissez montant fixe ou pourcentage" },
  { en: "Choose parks of the item's country", fr: "Choisissez des parkings du pays de l'article" },
  { en: "Choose product or service", fr: "Choisissez produit ou service" },
  { en: "Coupon not found", fr: "Coupon introuvable" },
  { en: "Coupon removed", fr: "Coupon supprimé" },
  {
    en: "Daily capacity is a whole number, 1 or more",
    fr: "La capacité journalière est un nombre entier, 1 ou plus",
  },
  { en: "Daily capacity is at most 10000", fr: "La capacité journalière est d'au plus 10000" },
  {
    en: "Duration is a whole number of minutes from 5 to 1440",
    fr: "La durée est un nombre entier de minutes entre 5 et 1440",
  },
  { en: "Each distance may appear once", fr: "Chaque distance ne peut figurer qu'une fois" },
  { en: "Each line may appear once", fr: "Chaque ligne ne peut figurer qu'une fois" },
  { en: "Enter a discount more than 0", fr: "Saisissez une remise supérieure à 0" },
  { en: "Enter a time as HH:MM", fr: "Saisissez une heure au format HH:MM" },
  { en: "Enter an amount of 0 or more", fr: "Saisissez un montant de 0 ou plus" },
  { en: "Give the name as { en, fr }", fr: "Donnez le nom sous la forme { en, fr }" },
  { en: "Give the text as { en, fr }", fr: "Donnez le texte sous la forme { en, fr }" },
  { en: "Image not found", fr: "Image introuvable" },
  { en: "Offer not found", fr: "Offre introuvable" },
  { en: "Offer removed", fr: "Offre supprimée" },
  { en: "Only a delivery order gets a courier", fr: "Seule une commande à livrer reçoit un livreur" },
  { en: "Only a service is done at parks", fr: "Seul un service est réalisé dans des parkings" },
  { en: "Position is 0 or more", fr: "La position est de 0 ou plus" },
  { en: "Position is a whole number", fr: "La position est un nombre entier" },
  { en: "Position is at most 10000", fr: "La position est d'au plus 10000" },
  { en: "Slider not found", fr: "Bannière introuvable" },
  { en: "Slider removed", fr: "Bannière supprimée" },
  {
    en: "Stock is a whole number of units, 0 or more",
    fr: "Le stock est un nombre entier d'unités, 0 ou plus",
  },
  { en: "Stock is at most 1000000 units", fr: "Le stock est d'au plus 1000000 unités" },
  { en: "The image is larger than 5 MB", fr: "L'image dépasse 5 Mo" },
  { en: "The image must be a JPEG, PNG or WebP image", fr: "L'image doit être au format JPEG, PNG ou WebP" },
  {
    en: "The limit per user is a whole number, 1 or more",
    fr: "La limite par utilisateur est un nombre entier, 1 ou plus",
  },
  { en: "The limit per user is at most 10000", fr: "La limite par utilisateur est d'au plus 10000" },
  {
    en: "The link must be a path in the site, starting with /",
    fr: "Le lien doit être un chemin du site commençant par /",
  },
  {
    en: "The opening time must be before the closing time",
    fr: "L'heure d'ouverture doit précéder l'heure de fermeture",
  },
  { en: "The start must be before the end", fr: "Le début doit précéder la fin" },
  {
    en: "This attribute still has variations: deactivate it instead",
    fr: "Cet attribut a encore des variantes : désactivez-le plutôt",
  },
  {
    en: "This category still has items: deactivate it instead",
    fr: "Cette catégorie contient encore des articles : désactivez-la plutôt",
  },
  {
    en: "This coupon has been used: deactivate it instead",
    fr: "Ce coupon a déjà été utilisé : désactivez-le plutôt",
  },
  { en: "This depot does not exist in this country", fr: "Ce dépôt n'existe pas dans ce pays" },
  { en: "This time slot does not exist in this country", fr: "Ce créneau horaire n'existe pas dans ce pays" },
  { en: "This order is already delivered or closed", fr: "Cette commande est déjà livrée ou close" },
  { en: "Too many lines", fr: "Trop de lignes" },
  { en: "Variation not found", fr: "Variante introuvable" },
  {
    en: "delivery_enabled must be true or false",
    fr: "Le champ « delivery_enabled » doit valoir true ou false",
  },
  {
    en: "takeaway_enabled must be true or false",
    fr: "Le champ « takeaway_enabled » doit valoir true ou false",
  },
  { en: "group must be day or order", fr: "Le champ « group » doit valoir day ou order" },
  { en: "n must be an image's position", fr: "Le champ « n » doit être la position d'une image" },
  { en: "position must be a line's position", fr: "Le champ « position » doit être la position d'une ligne" },
  {
    en: "quantity must be a whole number, 1 or more",
    fr: "Le champ « quantity » doit être un nombre entier, 1 ou plus",
  },
  { en: "A percentage has at most 2 decimals", fr: "Un pourcentage a au plus 2 décimales" },
];

export const SERVER_TEXTS: readonly ServerText[] = [
  ...HTTP,
  ...FIELDS,
  ...ZOD_DEFAULTS,
  ...ACCOUNTS,
  ...VEHICLES,
  ...PARKS,
  ...BOOKINGS,
  ...WALLET,
  ...ADMIN,
  ...ADMIN_PARKS,
  ...ADMIN_PEOPLE,
  ...GATE,
  ...ADMIN_REPORTS,
  ...EVENTS,
  ...ADMIN_EVENTS,
  ...ADMIN_MARKETPLACE,
  ...MARKETPLACE,
  ...windowRefusals(),
];

const PARAM = /\{(\w+)\}/g;

/** The `{name}`s of a sentence, in order. */
export function paramsOf(text: string): string[] {
  return [...text.matchAll(PARAM)].map((m) => m[1]!);
}

interface Template {
  pattern: RegExp;
  fr: string;
  /** Letters outside the values: the longer, the more specific the pattern. */
  fixed: number;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const text of SERVER_TEXTS) {
  if (paramsOf(text.en).length === 0) {
    exact.set(text.en, text.fr);
    continue;
  }
  const source = text.en
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  templates.push({
    pattern: new RegExp(`^${source}$`, "s"),
    fr: text.fr,
    fixed: text.en.replace(PARAM, "").length,
  });
}
// The most specific pattern first: "{name} must be at most {max} characters" before "{name} must be at most {max}".
templates.sort((a, b) => b.fixed - a.fixed);

/**
 * `text` in `language`: the catalogue's French for an English sentence it knows (exactly, or by
 * a pattern with values), else `text` as it is. English is always the text itself.
 */
export function translate(text: string, language: Language): string {
  if (language === "en") return text;
  const known = exact.get(text);
  if (known !== undefined) return known;
  for (const t of templates) {
    const match = t.pattern.exec(text);
    // An amount of money among the values is written as the language writes money.
    if (match) return t.fr.replace(PARAM, (_, name: string) => moneyIn(match.groups?.[name] ?? "", language));
  }
  return text;
}
