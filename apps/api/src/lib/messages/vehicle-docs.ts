/** Vehicle document renewal in Nigeria (features/vehicle-docs, the back office's admin/vehicle-docs). */
import {
  VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE,
  VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
  VEHICLE_DOC_NOT_FOUND_MESSAGE,
  VEHICLE_DOC_STAGE_REFUSED_MESSAGE,
} from "@parkwell/contract";
import type { ServerText } from "./common";

export const VEHICLE_DOCS: ServerText[] = [
  { en: VEHICLE_DOC_NOT_FOUND_MESSAGE, fr: "Demande introuvable" },
  {
    en: VEHICLE_DOC_EXPIRIES_REQUIRED_MESSAGE,
    fr: "Indiquez la nouvelle date d'expiration de chaque document avant de marquer la demande livrée",
  },
  { en: VEHICLE_DOC_STAGE_REFUSED_MESSAGE, fr: "Cette demande ne peut pas passer de {from} à {to}" },
  {
    en: VEHICLE_DOC_CANCEL_TOO_LATE_MESSAGE,
    fr: "Cette demande est déjà au bureau des licences\u00a0: elle ne peut plus être annulée",
  },
  {
    en: "Vehicle document renewal is for vehicles registered in Nigeria",
    fr: "Le renouvellement des documents est réservé aux véhicules immatriculés au Nigeria",
  },
  {
    en: "This vehicle is not registered in a Nigerian state: add its state of registration",
    fr: "Ce véhicule n'est pas immatriculé dans un État du Nigeria\u00a0: indiquez son État d'immatriculation",
  },
  {
    en: "Choose the vehicle whose papers to renew",
    fr: "Choisissez le véhicule dont renouveler les documents",
  },
  {
    en: "Say whether this vehicle is for private or commercial use",
    fr: "Indiquez si ce véhicule est à usage privé ou commercial",
  },
  { en: "Add this vehicle's engine capacity", fr: "Indiquez la cylindrée de ce véhicule" },
  { en: "Choose the state that issues your licence", fr: "Choisissez l'État qui délivre votre permis" },
  { en: "This is not a Nigerian state", fr: "Ce n'est pas un État du Nigeria" },
  {
    en: "Choose an open park to collect your papers",
    fr: "Choisissez un parking ouvert où retirer vos documents",
  },
  {
    en: "The price changed: check the new total before paying",
    fr: "Le prix a changé\u00a0: vérifiez le nouveau total avant de payer",
  },
  {
    en: "This Idempotency-Key was used for another request",
    fr: "Cette clé Idempotency-Key a servi pour une autre demande",
  },
  { en: "Write the question for the driver", fr: "Écrivez la question pour le conducteur" },
  { en: "Fee not found", fr: "Tarif introuvable" },
  {
    en: "The papers of this request are not issued yet",
    fr: "Les documents de cette demande ne sont pas encore délivrés",
  },
  { en: "This request did not renew {document}", fr: "Cette demande ne renouvelait pas\u00a0: {document}" },
  {
    en: "A vehicle papers request renews the vehicle's papers only",
    fr: "Une demande de documents du véhicule ne renouvelle que les documents du véhicule",
  },
  {
    en: "A driver's licence request renews one licence: 3 or 5 years",
    fr: "Une demande de permis de conduire renouvelle un seul permis\u00a0: 3 ou 5 ans",
  },
  {
    en: "A hackney permit is only for a vehicle in commercial use",
    fr: "Le permis de transport public (hackney) est réservé aux véhicules à usage commercial",
  },
  {
    en: "{document} cannot be renewed in this state yet",
    fr: "{document} ne peut pas encore être renouvelé dans cet État",
  },
  {
    en: "Your wallet balance is too low: add {amount} {currency} to pay for this request",
    fr: "Le solde de votre portefeuille est insuffisant\u00a0: ajoutez {amount} {currency} pour payer cette demande",
  },
  // Document names inside sentences.
  { en: "Vehicle licence", fr: "Vignette (licence du véhicule)" },
  { en: "Roadworthiness certificate", fr: "Certificat de contrôle technique" },
  { en: "Third-party motor insurance", fr: "Assurance automobile au tiers" },
  { en: "Comprehensive motor insurance", fr: "Assurance automobile tous risques" },
  { en: "Proof of ownership", fr: "Certificat de propriété" },
  { en: "Hackney permit", fr: "Permis de transport public (hackney)" },
  { en: "Driver's licence (3 years)", fr: "Permis de conduire (3 ans)" },
  { en: "Driver's licence (5 years)", fr: "Permis de conduire (5 ans)" },
  // The receipt's line (features/receipts/receipts.present.ts).
  { en: "Government fee", fr: "Droits administratifs" },
  { en: "Insurance premium", fr: "Prime d'assurance" },
  { en: "Pickup", fr: "Retrait" },
  // Comprehensive insurance (packages/contract/src/vehicle-docs.ts, vehicle-docs.service.ts).
  {
    en: "Choose third-party or comprehensive insurance, not both: comprehensive covers third parties too",
    fr: "Choisissez l'assurance au tiers ou tous risques, pas les deux\u00a0: la tous risques couvre aussi les tiers",
  },
  {
    en: "Comprehensive insurance needs the vehicle's value and an insurer",
    fr: "L'assurance tous risques demande la valeur du véhicule et un assureur",
  },
  {
    en: "An insurer and a vehicle value are only for comprehensive insurance",
    fr: "Un assureur et une valeur du véhicule ne servent qu'à l'assurance tous risques",
  },
  { en: "Choose one of the insurers offered", fr: "Choisissez l'un des assureurs proposés" },
  { en: "Insurer not found", fr: "Assureur introuvable" },
  { en: "insurer_id must be a number", fr: "insurer_id doit être un nombre" },
  { en: "vehicle_value must be a number", fr: "vehicle_value doit être un nombre" },
  {
    en: "vehicle_value must be a whole number of naira",
    fr: "vehicle_value doit être un nombre entier de naira",
  },
  { en: "vehicle_value must be at least {min}", fr: "vehicle_value doit valoir au moins {min}" },
  { en: "vehicle_value must be at most {max}", fr: "vehicle_value doit valoir au plus {max}" },
  { en: "rate must be a number", fr: "rate doit être un nombre" },
  { en: "rate must be at least 0.5", fr: "rate doit valoir au moins 0,5" },
  { en: "rate must be at most 20", fr: "rate doit valoir au plus 20" },
  { en: "rate has at most two decimals", fr: "rate a au plus deux décimales" },
  { en: "minimum_premium must be a number", fr: "minimum_premium doit être un nombre" },
  { en: "minimum_premium must be 0 or more", fr: "minimum_premium doit valoir 0 ou plus" },
  { en: "minimum_premium must be at most 100000000", fr: "minimum_premium doit valoir au plus 100000000" },
  { en: "active must be true or false", fr: "active doit valoir true ou false" },
  // The contract's field messages (packages/contract/src/vehicle-docs.ts).
  { en: "year must be a year", fr: "year doit être une année" },
  { en: "year must be 1950 or later", fr: "year doit être 1950 ou plus tard" },
  { en: "year must be 2100 or earlier", fr: "year doit être 2100 ou plus tôt" },
  { en: "engine_cc must be a whole number of cc", fr: "engine_cc doit être un nombre entier de cm³" },
  { en: "engine_cc must be at least 50", fr: "engine_cc doit valoir au moins 50" },
  { en: "engine_cc must be at most {max}", fr: "engine_cc doit valoir au plus {max}" },
  { en: "vin must be 11 to 17 letters and digits", fr: "vin doit compter 11 à 17 lettres et chiffres" },
  {
    en: "state_code must be a state's two-letter code",
    fr: "state_code doit être le code à deux lettres d'un État",
  },
  { en: "vehicle_use must be private or commercial", fr: "vehicle_use doit valoir private ou commercial" },
  {
    en: "Choose a delivery address or a pickup park",
    fr: "Choisissez une adresse de livraison ou un parking de retrait",
  },
  {
    en: "type must be vehicle_papers or drivers_licence",
    fr: "type doit valoir vehicle_papers ou drivers_licence",
  },
  { en: "Unknown document type", fr: "Type de document inconnu" },
  { en: "Choose the documents to renew", fr: "Choisissez les documents à renouveler" },
  { en: "Choose each document once", fr: "Choisissez chaque document une seule fois" },
  { en: "expected_total must be a number", fr: "expected_total doit être un nombre" },
  { en: "expected_total must be 0 or more", fr: "expected_total doit valoir 0 ou plus" },
  { en: "expected_total is too large", fr: "expected_total est trop grand" },
  { en: "Unknown stage", fr: "Étape inconnue" },
  { en: "answer is required", fr: "answer est obligatoire" },
  { en: "answer is too long", fr: "answer est trop long" },
  { en: "question is required", fr: "question est obligatoire" },
  { en: "question is too long", fr: "question est trop longue" },
  { en: "note is too long", fr: "note est trop longue" },
  { en: "min_age_days must be a number", fr: "min_age_days doit être un nombre" },
  { en: "min_age_days must be a whole number", fr: "min_age_days doit être un nombre entier" },
  { en: "min_age_days must be 0 or more", fr: "min_age_days doit valoir 0 ou plus" },
  { en: "min_age_days must be at most 3650", fr: "min_age_days doit valoir au plus 3650" },
  { en: "Give at least one expiry date", fr: "Indiquez au moins une date d'expiration" },
  { en: "Give each document once", fr: "Indiquez chaque document une seule fois" },
  { en: "fee must be a number", fr: "fee doit être un nombre" },
  { en: "fee must be 0 or more", fr: "fee doit valoir 0 ou plus" },
  { en: "fee must be at most 100000000", fr: "fee doit valoir au plus 100000000" },
  { en: "service_charge must be a number", fr: "service_charge doit être un nombre" },
  { en: "service_charge must be 0 or more", fr: "service_charge doit valoir 0 ou plus" },
  { en: "service_charge must be at most 100000000", fr: "service_charge doit valoir au plus 100000000" },
  {
    en: "Say what the file is: current papers, means of identification, or in your own words",
    fr: "Dites ce qu'est ce fichier\u00a0: documents actuels, pièce d'identité, ou avec vos propres mots",
  },
  { en: "Describe the file in at most 60 characters", fr: "Décrivez le fichier en 60 caractères au plus" },
  {
    en: "The file's description has characters that cannot be kept",
    fr: "La description du fichier contient des caractères qui ne peuvent pas être conservés",
  },
  {
    en: "This request is closed: no more files can be added to it",
    fr: "Cette demande est close\u00a0: on ne peut plus y ajouter de fichiers",
  },
  {
    en: "This request already holds 10 files of this kind",
    fr: "Cette demande contient déjà 10 fichiers de ce type",
  },
  {
    en: "Only staff send the scans of the issued papers",
    fr: "Seul le personnel envoie les scans des documents délivrés",
  },
];
