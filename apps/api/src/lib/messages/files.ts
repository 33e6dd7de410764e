/** Personal documents: uploads checked by their bytes and the signed links that serve them (lib/private-files.ts). */
import type { ServerText } from "./common";

export const FILES: ServerText[] = [
  {
    en: "Upload a JPEG, PNG or PDF file (a photo or a scan of the document)",
    fr: "Envoyez un fichier JPEG, PNG ou PDF (une photo ou un scan du document)",
  },
  { en: "The file is larger than 10 MB", fr: "Le fichier dépasse 10 Mo" },
  { en: "Choose a file to upload", fr: "Choisissez un fichier à envoyer" },
  {
    en: "This PDF contains scripts or automatic actions: upload a plain PDF, a scan or a photo of the document",
    fr: "Ce PDF contient des scripts ou des actions automatiques\u00a0: envoyez un PDF simple, un scan ou une photo du document",
  },
  {
    en: "This image carries data after its end: save it as a plain JPEG or PNG and upload it again",
    fr: "Cette image contient des données après sa fin\u00a0: enregistrez-la en simple JPEG ou PNG et envoyez-la à nouveau",
  },
  {
    en: "This file link is invalid or has expired. Please open the document again.",
    fr: "Ce lien de fichier est invalide ou a expiré. Veuillez ouvrir le document à nouveau.",
  },
];
