/**
 * Google Wallet's "save" link (decision 065): a `savetowallet` JWT, signed RS256 with the issuer's
 * service account key, that carries a generic class and object with the pass's fields and QR.
 * Google creates the object when the driver saves it; one already saved is not changed by a later
 * link (that needs Google's REST API, which Parkwell does not call).
 */
import { importPKCS8, SignJWT } from "jose";
import type { WalletPassContent } from "./content";

export interface GoogleWalletSettings {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM, as a service account's JSON key file has it. */
  privateKey: string;
  /** Where the web app serves its icon from. */
  publicUrl: string;
}

export interface GoogleWallet {
  saveLink(content: WalletPassContent, now: Date): Promise<string>;
}

export const SAVE_URL = "https://pay.google.com/gp/v/save/";

/** A text in one language, as Google's LocalizedString has it. */
const localized = (value: string, language: string) => ({ defaultValue: { language, value } });

/** Ids are `<issuer id>.<letters, digits, . _ ->`. */
const idOf = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, "_")}`;

/** The generic object Google keeps in the driver's wallet. */
export function genericObject(s: GoogleWalletSettings, c: WalletPassContent) {
  return {
    id: idOf(s.issuerId, c.serial),
    classId: idOf(s.issuerId, `parkwell_${c.kind}`),
    state: c.voided ? "INACTIVE" : "ACTIVE",
    cardTitle: localized("Parkwell", c.language),
    header: localized(c.park.name, c.language),
    subheader: localized(c.code, c.language),
    hexBackgroundColor: "#0b6e4f",
    logo: { sourceUri: { uri: `${s.publicUrl}/icons/icon-192.png` } },
    ...(c.qr ? { barcode: { type: "QR_CODE", value: c.qr, alternateText: c.code } } : {}),
    textModulesData: [
      ...(c.status ? [{ id: "status", header: c.labels.status, body: c.status }] : []),
      ...c.fields.map((f) => ({ id: f.key, header: f.label, body: f.value })),
      { id: "address", header: c.labels.address, body: c.park.address },
    ],
    ...(c.extend
      ? { linksModuleData: { uris: [{ id: "extend", uri: c.extend.url, description: c.extend.label }] } }
      : {}),
    ...(c.relevantAt && c.expiresAt
      ? {
          validTimeInterval: {
            start: { date: c.relevantAt.toISOString() },
            end: { date: c.expiresAt.toISOString() },
          },
        }
      : {}),
  };
}

export async function googleWallet(s: GoogleWalletSettings): Promise<GoogleWallet> {
  const key = await importPKCS8(s.privateKey, "RS256");
  return {
    async saveLink(c, now) {
      const object = genericObject(s, c);
      const jwt = await new SignJWT({
        typ: "savetowallet",
        origins: [s.publicUrl],
        payload: { genericClasses: [{ id: object.classId }], genericObjects: [object] },
      })
        .setProtectedHeader({ alg: "RS256", typ: "JWT" })
        .setIssuer(s.serviceAccountEmail)
        .setAudience("google")
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .sign(key);
      return `${SAVE_URL}${jwt}`;
    },
  };
}
