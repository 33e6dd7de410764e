/** The company's editable pages and the Terms acceptance (features/pages, admin/pages; decision 035). */
import { ACCEPT_TERMS_TEXT } from "@parkwell/contract";
import {
  PAGES_ARE_PARKWELL,
  PAGE_CHANGED_MEANWHILE,
  PAGE_NOT_PUBLISHED,
  TERMS_VERSION_OLD,
  TERMS_VERSION_UNKNOWN,
} from "../../features/pages/pages.texts";
import type { ServerText } from "./common";

export const PAGES: ServerText[] = [
  { en: ACCEPT_TERMS_TEXT, fr: "Veuillez accepter nos Conditions et notre Politique de confidentialité !" },
  { en: PAGE_NOT_PUBLISHED, fr: "Cette page n'a pas encore de texte publié" },
  {
    en: PAGE_CHANGED_MEANWHILE,
    fr: "Quelqu'un a publié une nouvelle version de cette page entre-temps\u00a0: rechargez-la et publiez à nouveau",
  },
  {
    en: TERMS_VERSION_OLD,
    fr: "Ces Conditions ne sont plus les conditions en vigueur\u00a0: rechargez-les et acceptez la version actuelle",
  },
  { en: TERMS_VERSION_UNKNOWN, fr: "Cette version des Conditions n'existe pas" },
  { en: PAGES_ARE_PARKWELL, fr: "Seule l'équipe Parkwell peut modifier les pages de l'entreprise" },
  { en: "Unknown page", fr: "Page inconnue" },
  { en: "sections must be a list", fr: "sections doit être une liste" },
  { en: "items must be a list", fr: "items doit être une liste" },
  { en: "At most {value} sections", fr: "{value} sections au plus" },
  { en: "At most {value} items", fr: "{value} éléments au plus" },
  { en: "version must be 1 or more", fr: "version doit être 1 ou plus" },
  { en: "version is too large", fr: "version est trop grand" },
];
