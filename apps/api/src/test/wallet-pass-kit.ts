/**
 * Wallet passes' tests (decision 065), test-only: keys made at run time (a CA standing in for
 * Apple's WWDR, a Pass Type ID certificate it signs, a Google service account's key), the
 * configuration that names them, and a .pkpass opened and checked as Wallet checks it.
 */
import { execFileSync } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { importSPKI, jwtVerify, type JWTPayload } from "jose";
import forge from "node-forge";
import { expect } from "vitest";
import { SAVE_URL } from "../lib/wallet-pass/google";

const rsaPair = () =>
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

let serial = 0;
/** A certificate of `subject`'s key, signed by `issuer` (itself when none), good for a day either side of now. */
function certificate(
  cn: string,
  keys: { publicKey: string; privateKey: string },
  issuer?: { cert: forge.pki.Certificate; privateKey: string },
  ca = false,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  serial += 1;
  cert.serialNumber = `0${serial}${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const subject = [{ name: "commonName", value: cn }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions([{ name: "basicConstraints", cA: ca }]);
  cert.sign(forge.pki.privateKeyFromPem(issuer?.privateKey ?? keys.privateKey), forge.md.sha256.create());
  return cert;
}

export interface WalletKeys {
  /** The configuration naming them: Apple's and Google's settings. */
  env: Record<string, string>;
  caPem: string;
  googlePublicKey: string;
}

export const TEAM_ID = "AB12CD34EF";
export const PASS_TYPE_ID = "pass.test.parkwell.parking";
export const ISSUER_ID = "3388000000022222222";
export const SERVICE_ACCOUNT = "wallet@parkwell-test.iam.gserviceaccount.com";

/** A test CA (the WWDR's stand-in), a signer certificate it signed with an encrypted key, and a Google key. */
export function walletKeys(): WalletKeys {
  const caKeys = rsaPair();
  const ca = certificate("Parkwell Test WWDR", caKeys, undefined, true);
  const signerKeys = rsaPair();
  const signer = certificate(`Pass Type ID: ${PASS_TYPE_ID}`, signerKeys, {
    cert: ca,
    privateKey: caKeys.privateKey,
  });
  const passphrase = "correct horse";
  const encryptedKey = forge.pki.encryptRsaPrivateKey(
    forge.pki.privateKeyFromPem(signerKeys.privateKey),
    passphrase,
  );
  const google = rsaPair();
  const caPem = forge.pki.certificateToPem(ca);
  return {
    env: {
      APPLE_WALLET_CERT: forge.pki.certificateToPem(signer),
      APPLE_WALLET_KEY: encryptedKey,
      APPLE_WALLET_KEY_PASSPHRASE: passphrase,
      APPLE_WALLET_WWDR: caPem,
      APPLE_WALLET_TEAM_ID: TEAM_ID,
      APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: SERVICE_ACCOUNT,
      // As a one-line variable holds it: its line breaks written "\n".
      GOOGLE_WALLET_PRIVATE_KEY: google.privateKey.replace(/\n/g, "\\n"),
    },
    caPem,
    googlePublicKey: google.publicKey,
  };
}

/**
 * A .pkpass's files after the checks Wallet makes: every file but the manifest and the signature
 * listed in manifest.json with its SHA-1, and `signature` a detached PKCS#7 signature of
 * manifest.json by a certificate `caPem` issued (openssl verifies it).
 */
export function openPkpass(body: Buffer, caPem: string): { pass: PassJson; files: string[] } {
  const files = unzipSync(new Uint8Array(body));
  const manifest = JSON.parse(Buffer.from(files["manifest.json"]!).toString("utf8")) as Record<
    string,
    string
  >;
  const listed = Object.keys(files).filter((name) => name !== "manifest.json" && name !== "signature");
  expect(Object.keys(manifest).sort()).toEqual(listed.sort());
  for (const name of listed) {
    expect(manifest[name], name).toBe(createHash("sha1").update(files[name]!).digest("hex"));
  }
  const dir = mkdtempSync(path.join(tmpdir(), "pkpass-"));
  try {
    writeFileSync(path.join(dir, "manifest.json"), files["manifest.json"]!);
    writeFileSync(path.join(dir, "signature"), files.signature!);
    writeFileSync(path.join(dir, "ca.pem"), caPem);
    // Throws (the test fails) on a signature that is not over these bytes or not of the CA's chain.
    execFileSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        path.join(dir, "signature"),
        "-content",
        path.join(dir, "manifest.json"),
        "-CAfile",
        path.join(dir, "ca.pem"),
        "-purpose",
        "any",
        "-out",
        path.join(dir, "verified"),
      ],
      { stdio: "pipe" },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pass = JSON.parse(Buffer.from(files["pass.json"]!).toString("utf8")) as PassJson;
  return { pass, files: Object.keys(files) };
}

interface Field {
  key: string;
  label?: string;
  value: string;
  dataDetectorTypes?: string[];
}

/** The parts of pass.json the tests read. */
export interface PassJson {
  serialNumber: string;
  teamIdentifier: string;
  passTypeIdentifier: string;
  description: string;
  voided?: boolean;
  relevantDate?: string;
  expirationDate?: string;
  barcodes?: { message: string; format: string }[];
  generic: Record<
    "headerFields" | "primaryFields" | "secondaryFields" | "auxiliaryFields" | "backFields",
    Field[]
  >;
}

/** Every field's value of a pass, in one list. */
export const fieldValues = (p: PassJson) =>
  Object.values(p.generic).flatMap((fields) => fields.map((f) => f.value));

/** A Google save link's JWT, verified with the issuer's public key: its claims. */
export async function saveLinkClaims(link: string, publicKey: string): Promise<JWTPayload & GoogleClaims> {
  expect(link.startsWith(SAVE_URL)).toBe(true);
  const { payload } = await jwtVerify(link.slice(SAVE_URL.length), await importSPKI(publicKey, "RS256"), {
    issuer: SERVICE_ACCOUNT,
    audience: "google",
  });
  return payload as JWTPayload & GoogleClaims;
}

interface GoogleClaims {
  typ: string;
  payload: {
    genericObjects: {
      id: string;
      state: string;
      barcode?: { value: string };
      subheader: { defaultValue: { value: string } };
      textModulesData: { id: string; header: string; body: string }[];
      linksModuleData?: { uris: { id: string; uri: string; description: string }[] };
    }[];
  };
}
