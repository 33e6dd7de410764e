/** Companies and their people (features/companies/companies.*). */
import type { ServerText } from "./common";

export const COMPANIES: ServerText[] = [
  { en: "Choose a country Parkwell serves", fr: "Choisissez un pays desservi par Parkwell" },
  { en: "This verification link is not valid", fr: "Ce lien de vérification n'est pas valide" },
  {
    en: "This verification link has expired: ask for a new one",
    fr: "Ce lien de vérification a expiré\u00a0: demandez-en un nouveau",
  },
  {
    en: "A company keeps at least one owner: make someone else owner first",
    fr: "Une entreprise garde au moins un propriétaire\u00a0: nommez d'abord quelqu'un d'autre propriétaire",
  },
  { en: "Member not found", fr: "Membre introuvable" },
  { en: "The member was updated", fr: "Le membre a été mis à jour" },
  { en: "role must be owner, admin or member", fr: "role doit valoir owner, admin ou member" },
  { en: "The member was removed from the company", fr: "Le membre a été retiré de l'entreprise" },
  {
    en: "Only an owner can change or remove an owner or an admin",
    fr: "Seul un propriétaire peut modifier ou retirer un propriétaire ou un administrateur",
  },
  // The back office (admin/companies).
  {
    en: "The company owes more than this limit: it must pay first",
    fr: "L'entreprise doit plus que cette limite\u00a0: elle doit d'abord payer",
  },
  { en: "Enter a credit limit of 0 or more", fr: "Saisissez une limite de crédit de 0 ou plus" },
  {
    en: "Give a credit limit or whether the company is disabled",
    fr: "Indiquez une limite de crédit ou si l'entreprise est désactivée",
  },
  { en: "disabled must be true or false", fr: "disabled doit valoir true ou false" },

  // Invitations (companies/company-invitations.*).
  { en: "{email} is already a member of this company", fr: "{email} est déjà membre de cette entreprise" },
  {
    en: "This invitation was sent to {email}: sign out, then open the link again to join as that address",
    fr: "Cette invitation a été envoyée à {email}\u00a0: déconnectez-vous, puis rouvrez le lien pour rejoindre l'entreprise avec cette adresse",
  },
  {
    en: "This e-mail already has a Parkwell account: enter its password to join",
    fr: "Cette adresse a déjà un compte Parkwell\u00a0: saisissez son mot de passe pour rejoindre l'entreprise",
  },
  { en: "This password is not right for {email}", fr: "Ce mot de passe n'est pas celui de {email}" },
  { en: "role must be admin or member", fr: "role doit valoir admin ou member" },
];
