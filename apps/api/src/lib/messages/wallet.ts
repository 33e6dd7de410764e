/** The wallet, top-ups and payments (features/wallet, features/payments). */
import type { ServerText } from "./common";

export const WALLET: ServerText[] = [
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
    fr: "Paiement vérifié\u00a0: votre réservation {code} est confirmée",
  },
  {
    en: "Payment verified, but the space was taken after your hold expired, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais la place a été prise après l'expiration de votre réservation provisoire, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but the window is over, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais le créneau est passé, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but the park's currency changed, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais la devise du parking a changé, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but your wallet no longer covers the booking, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais votre portefeuille ne couvre plus la réservation, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille",
  },
  {
    en: "Payment verified, but your vehicle is booked elsewhere in this window, so nothing was booked: the money is in your wallet",
    fr: "Paiement vérifié, mais votre véhicule est réservé ailleurs sur ce créneau, rien n'a donc été réservé\u00a0: l'argent est dans votre portefeuille",
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
