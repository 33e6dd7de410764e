/** The blog (features/blog, the back office's admin/blog). */
import {
  CATEGORY_UNKNOWN,
  COVER_TYPE,
  ONE_LANGUAGE_NEEDED,
  POST_NOT_FOUND,
  PUBLISH_NOT_FUTURE,
  SCHEDULE_IN_FUTURE,
  SCHEDULE_NEEDS_TIME,
  SLUG_TAKEN,
} from "../../features/blog/blog.texts";
import type { ServerText } from "./common";

export const BLOG: ServerText[] = [
  { en: POST_NOT_FOUND, fr: "Article introuvable" },
  { en: ONE_LANGUAGE_NEEDED, fr: "Rédigez l'article en anglais, en français ou dans les deux langues" },
  { en: SCHEDULE_NEEDS_TIME, fr: "Un article programmé doit avoir son heure de publication" },
  { en: SCHEDULE_IN_FUTURE, fr: "L'heure de publication d'un article programmé doit être dans le futur" },
  { en: PUBLISH_NOT_FUTURE, fr: "Pour publier plus tard, programmez l'article" },
  { en: CATEGORY_UNKNOWN, fr: "Choisissez une catégorie existante" },
  { en: SLUG_TAKEN, fr: "Ce slug est déjà utilisé par un autre article dans cette langue" },
  { en: COVER_TYPE, fr: "L'image de couverture doit être au format JPEG, PNG ou WebP" },
  { en: "title is required", fr: "Le titre est obligatoire" },
  { en: "summary is required", fr: "Le résumé est obligatoire" },
  { en: "body_md is required", fr: "Le texte de l'article est obligatoire" },
  {
    en: "slug may hold only lower-case letters, digits and single hyphens between words",
    fr: "Le slug ne peut contenir que des minuscules, des chiffres et un trait d'union entre les mots",
  },
  { en: "A tag cannot be empty", fr: "Un mot-clé ne peut pas être vide" },
  { en: "tags must be a list of words", fr: "tags doit être une liste de mots" },
  { en: "A post has at most {n} tags", fr: "Un article a au plus {n} mots-clés" },
  {
    en: "status must be draft, scheduled or published",
    fr: "status doit valoir draft, scheduled ou published",
  },
  { en: "publish_at must be an ISO date and time", fr: "publish_at doit être une date et une heure ISO" },
  { en: "idOrSlug is required", fr: "idOrSlug est obligatoire" },
];
