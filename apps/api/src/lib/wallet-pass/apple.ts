/**
 * Apple Wallet's .pkpass (decision 065), built and signed by passkit-generator with the operator's
 * Pass Type ID certificate and Apple's WWDR certificate: a generic pass whose QR carries the gate's
 * signed payload.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PKPass } from "passkit-generator";
import { API_ROOT } from "../../config";
import type { WalletPassContent } from "./content";

export interface AppleWalletSettings {
  /** PEM text each. */
  cert: string;
  key: string;
  passphrase: string | undefined;
  wwdr: string;
  teamId: string;
  passTypeId: string;
}

export interface AppleWallet {
  pkpass(content: WalletPassContent): Buffer;
}

/**
 * The web app's icon (apps/web/public/icons), copied beside this file: 192 px, and 512 px as the 2x.
 * Found from apps/api (API_ROOT), since this module also runs bundled into dist/, where it is not.
 */
const ICON_DIR = path.join(API_ROOT, "src/lib/wallet-pass");
const ICONS = {
  "icon.png": readFileSync(path.join(ICON_DIR, "icon.png")),
  "icon@2x.png": readFileSync(path.join(ICON_DIR, "icon@2x.png")),
};

/** The web app's theme colour (index.html's theme-color, #0b6e4f), white words on it. */
const COLOURS = {
  backgroundColor: "rgb(11, 110, 79)",
  foregroundColor: "rgb(255, 255, 255)",
  labelColor: "rgb(209, 250, 229)",
};

/** pass.json's own fields: who issues it, its serial, texts and colours. */
function passJson(s: AppleWalletSettings, c: WalletPassContent) {
  return {
    formatVersion: 1,
    passTypeIdentifier: s.passTypeId,
    teamIdentifier: s.teamId,
    serialNumber: c.serial,
    organizationName: "Parkwell",
    description: c.description,
    logoText: "Parkwell",
    sharingProhibited: true,
    voided: c.voided,
    ...COLOURS,
    // A generic pass: its fields are filled below.
    generic: {},
  };
}

export function appleWallet(s: AppleWalletSettings): AppleWallet {
  const certificates = {
    wwdr: s.wwdr,
    signerCert: s.cert,
    signerKey: s.key,
    ...(s.passphrase ? { signerKeyPassphrase: s.passphrase } : {}),
  };
  return {
    pkpass(c) {
      const pass = new PKPass(
        { ...ICONS, "pass.json": Buffer.from(JSON.stringify(passJson(s, c))) },
        certificates,
      );
      pass.headerFields.push({ key: "code", label: c.labels.code, value: c.code });
      pass.primaryFields.push({ key: "park", label: c.labels.park, value: c.park.name });
      const [first, ...rest] = c.fields;
      if (c.status) pass.secondaryFields.push({ key: "status", label: c.labels.status, value: c.status });
      else if (first) pass.secondaryFields.push(first);
      pass.auxiliaryFields.push(...(c.status ? c.fields : rest));
      pass.backFields.push({ key: "address", label: c.labels.address, value: c.park.address });
      // On the pass's back, under its words: Wallet makes the address a link a tap opens.
      if (c.extend)
        pass.backFields.push({
          key: "extend",
          label: c.extend.label,
          value: c.extend.url,
          dataDetectorTypes: ["PKDataDetectorTypeLink"],
        });
      if (c.qr)
        pass.setBarcodes({ format: "PKBarcodeFormatQR", message: c.qr, messageEncoding: "iso-8859-1" });
      if (c.relevantAt) pass.setRelevantDate(c.relevantAt);
      if (c.expiresAt) pass.setExpirationDate(c.expiresAt);
      return pass.getAsBuffer();
    },
  };
}
