/** A company's wallet, dashboard and statements (features/companies/company-wallet, -dashboard, -statement). */
import type { ServerText } from "./common";

export const COMPANY_MONEY: ServerText[] = [
  { en: "Company not found", fr: "Entreprise introuvable" },
  {
    en: "Only the company's owners and admins can do this",
    fr: "Seuls les propriétaires et administrateurs de l'entreprise peuvent faire cela",
  },
  {
    en: "The company's billing e-mail is not verified yet",
    fr: "L'adresse e-mail de facturation de l'entreprise n'est pas encore vérifiée",
  },
  { en: "This company has been disabled by Parkwell", fr: "Cette entreprise a été désactivée par Parkwell" },
  {
    en: "Invoice billing needs a credit limit, which Parkwell sets: contact our support team",
    fr: "La facturation mensuelle nécessite une limite de crédit, fixée par Parkwell\u00a0: contactez notre assistance",
  },
  {
    en: "The company's balance is below zero: top it up to zero or more before switching back to wallet billing",
    fr: "Le solde de l'entreprise est négatif\u00a0: rechargez-le à zéro ou plus avant de revenir au paiement par portefeuille",
  },
  {
    en: "Payment verified and the company's wallet was credited",
    fr: "Paiement vérifié, le portefeuille de l'entreprise a été crédité",
  },
  { en: "billing must be wallet or invoice", fr: "billing doit valoir wallet ou invoice" },
  { en: "Use a month as YYYY-MM", fr: "Indiquez un mois au format AAAA-MM" },
  // The statement's PDF (features/companies/company-statement.pdf.ts).
  { en: "Statement {month}", fr: "Relevé {month}" },
  { en: "Member (cost centre)", fr: "Membre (centre de coût)" },
  { en: "Purchases", fr: "Achats" },
  { en: "No purchases this month", fr: "Aucun achat ce mois-ci" },
  { en: "Total {currency}", fr: "Total en {currency}" },
  { en: "Top-ups", fr: "Rechargements" },
  { en: "No top-ups this month", fr: "Aucun rechargement ce mois-ci" },
  { en: "Top-ups {currency}", fr: "Rechargements {currency}" },
  { en: "Times on the {zone} clock.", fr: "Heures selon le fuseau {zone}." },
  { en: "Balance", fr: "Solde" },
  { en: "Opening balance {currency}", fr: "Solde d'ouverture en {currency}" },
  { en: "Money in", fr: "Entrées" },
  { en: "Money out", fr: "Sorties" },
  { en: "Closing balance {currency}", fr: "Solde de clôture en {currency}" },
];
