/** Accounts (register, login, reset, profile) and saved vehicles (features/accounts, features/vehicles). */
import type { ServerText } from "./common";

export const ACCOUNTS: ServerText[] = [
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

export const VEHICLES: ServerText[] = [
  { en: "Vehicle not found", fr: "Véhicule introuvable" },
  {
    en: "You already saved a vehicle with this plate number",
    fr: "Vous avez déjà enregistré un véhicule avec cette plaque",
  },
  { en: "Vehicle deleted", fr: "Véhicule supprimé" },
];
