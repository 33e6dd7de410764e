import fs from "node:fs";
import path from "node:path";
import {
  EMAIL_TEXT,
  LoginSchema,
  PASSWORD_MAX_TEXT,
  PASSWORD_MIN_TEXT,
  PLATE_TEXT,
  ProfileUpdateSchema,
  RegisterSchema,
  REQUIRED_TEXT,
  SocialLoginSchema,
  colonsWithoutNoBreakSpace,
  windowRefusalText,
  type WindowRefusal,
} from "@parkwell/contract";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { paramsOf, SERVER_TEXTS, translate } from "./messages";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** Sentences whose French is, on purpose, the English word for word (none today). */
const SAME_IN_FRENCH = new Set<string>([]);

const fill = (text: string, values: (name: string) => string) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values(name));

describe("the server catalogue", () => {
  it.each(SERVER_TEXTS.map((t) => [t.en, t] as const))("%s: has French of its own, same values", (_, t) => {
    expect(t.fr.trim()).not.toBe("");
    if (!SAME_IN_FRENCH.has(t.en)) expect(t.fr).not.toBe(t.en);
    expect([...paramsOf(t.fr)].sort()).toEqual([...paramsOf(t.en)].sort());
    expect(new Set(paramsOf(t.en)).size).toBe(paramsOf(t.en).length);
    // No English leftovers of a half-translated sentence, no typographer's mistakes.
    expect(t.fr.replace(/\u00a0:/g, ":")).not.toMatch(/ {2}|\s$|^\s|\u00a0|’/);
    // French's no-break space before a colon, as the web app's catalogues.
    expect(colonsWithoutNoBreakSpace(t.fr)).toEqual([]);
  });

  it("holds each English sentence once", () => {
    const seen = SERVER_TEXTS.map((t) => t.en);
    expect(seen.filter((en, i) => seen.indexOf(en) !== i)).toEqual([]);
  });

  it("finds every sentence again, values and all, by its own entry (no pattern hides another)", () => {
    for (const t of SERVER_TEXTS) {
      const value = (name: string) => `${name.toUpperCase()}_42`;
      expect(translate(fill(t.en, value), "fr"), t.en).toBe(fill(t.fr, value));
      expect(translate(fill(t.en, value), "en")).toBe(fill(t.en, value));
    }
  });

  it("says every refusal of a window in French, each weekday by its name, with its values", () => {
    const refusals: WindowRefusal[] = [
      { code: "past" },
      { code: "end_before_start" },
      { code: "too_long", days: 30 },
      { code: "opens_at", time: "08:00" },
      { code: "closed_at_start", closes: "22:00" },
      { code: "closes_before_end", time: "22:00" },
      { code: "closed_at_end" },
      { code: "closed_date", date: "2026-12-08" },
      ...[0, 1, 2, 3, 4, 5, 6].map((weekday): WindowRefusal => ({ code: "closed_day", weekday })),
    ];
    const french = refusals.map((r) => translate(windowRefusalText(r), "fr"));
    for (const [i, fr] of french.entries())
      expect(fr, windowRefusalText(refusals[i]!)).not.toBe(windowRefusalText(refusals[i]!));
    expect(new Set(french).size).toBe(refusals.length);
    expect(french).toContain("Ce parking est fermé le dimanche.");
    expect(french).toContain("Ce parking est fermé le 2026-12-08.");
    expect(french).toContain("Une réservation dure au plus 30 jours.");
    expect(french).toContain(
      "Ce parking ferme à 22:00\u00a0: choisissez une heure de départ avant la fermeture.",
    );
  });

  it("writes a value with decimals as French does, and leaves whole numbers and codes as they are", () => {
    expect(translate("Enter a power between 3.7 and 350 kW", "fr")).toBe(
      "Entrez une puissance entre 3,7 et 350 kW",
    );
    expect(translate("Enter a power between 3.70 and 2026 kW", "fr")).toBe(
      "Entrez une puissance entre 3,70 et 2026 kW",
    );
    expect(translate("Enter a power between 3.7.1 and PW-1.5X kW", "fr")).toBe(
      "Entrez une puissance entre 3.7.1 et PW-1.5X kW",
    );
    expect(translate("Enter a power between 3.7 and 350 kW", "en")).toBe(
      "Enter a power between 3.7 and 350 kW",
    );
  });

  it("leaves what it does not know as it is", () => {
    expect(translate("12.5", "fr")).toBe("12.5");
    expect(translate("Quelque chose", "fr")).toBe("Quelque chose");
  });

  it("says the contract's field messages in the same French as the web app", () => {
    const web = JSON.parse(
      fs.readFileSync(path.join(ROOT, "packages/contract/locales/fr/auth.json"), "utf8"),
    ) as Record<string, Record<string, string>>;
    const same: [string, string, string][] = [
      [REQUIRED_TEXT, "validation", "required"],
      [EMAIL_TEXT, "validation", "email"],
      [PASSWORD_MIN_TEXT, "validation", "passwordMin"],
      [PASSWORD_MAX_TEXT, "validation", "passwordMax"],
      [PLATE_TEXT, "validation", "plate"],
      ["Please enter a valid phone number", "validation", "phone"],
      ["Please choose a country", "validation", "country"],
      ["Please choose a vehicle type", "validation", "vehicleType"],
      ["Please enter a valid image URL", "validation", "photoUrl"],
      ["You already saved a vehicle with this plate number", "validation", "plateTaken"],
      ["Your current password is incorrect", "validation", "currentPassword"],
      ["Invalid email or password", "errors", "invalid_credentials"],
      [
        "Please verify your email address before logging in. Check your inbox for the verification link.",
        "errors",
        "email_not_verified",
      ],
      ["This link is invalid or has expired. Please request a new one.", "errors", "invalid_link"],
      ["This account has been disabled. Please contact support.", "errors", "account_disabled"],
      ["No authentication token found", "errors", "unauthenticated"],
      ["Your session has expired. Please log in again.", "errors", "invalid_token"],
      [
        "Social login is currently unavailable. Please try logging in with email and password.",
        "social",
        "unavailable",
      ],
      [
        "An account with this email already exists. Please sign in with your original method.",
        "social",
        "accountExists",
      ],
      ["Account linking required. Please contact support.", "social", "linking"],
      ["Social login failed. Please try again.", "social", "failed"],
    ];
    for (const [en, section, key] of same) expect(translate(en, "fr"), en).toBe(web[section]?.[key]);
  });
});

// ---------------------------------------------------------------------------------------------
// Coverage: every sentence the source can send has an entry.

/** A sentence a person reads, not a code, a key or a path: a letter-led text with a space. */
const SENTENCE = /^[A-Za-z{][\w'{}.,:=-]*( \S+)+/;

interface Found {
  file: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f));
}

/**
 * The texts an expression can evaluate to, for string and template literals (a `${...}` becomes
 * `{value}`, or the text of a string constant of the same file), through `?:`, `??`, `||` and
 * arrow functions' results. Anything else (a call, a variable) yields nothing: its own
 * definition is scanned where it is written.
 */
function textsOf(node: ts.Node, consts: Map<string, string>): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let out = node.head.text;
    for (const span of node.templateSpans) {
      const e = span.expression;
      out += (ts.isIdentifier(e) && consts.get(e.text)) || "{value}";
      out += span.literal.text;
    }
    return [out];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return textsOf(node.expression, consts);
  if (ts.isConditionalExpression(node))
    return [...textsOf(node.whenTrue, consts), ...textsOf(node.whenFalse, consts)];
  if (ts.isBinaryExpression(node) && ["??", "||"].includes(node.operatorToken.getText()))
    return textsOf(node.right, consts);
  if (ts.isArrowFunction(node)) {
    if (!ts.isBlock(node.body)) return textsOf(node.body, consts);
    const out: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isReturnStatement(n) && n.expression) out.push(...textsOf(n.expression, consts));
      else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
    };
    ts.forEachChild(node.body, visit);
    return out;
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? textsOf(p.initializer, consts) : []));
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => textsOf(e, consts));
  return [];
}

function parse(file: string) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, string>();
  for (const st of source.statements) {
    const list = ts.isVariableStatement(st) ? st.declarationList.declarations : [];
    for (const d of list) {
      if (ts.isIdentifier(d.name) && d.initializer && ts.isStringLiteral(d.initializer)) {
        consts.set(d.name.text, d.initializer.text);
      }
    }
  }
  return { source, consts };
}

const calledAs = (call: ts.CallExpression | ts.NewExpression, name: string) =>
  call.expression.getText() === name;

/**
 * In the API: what goes into an AppError (message and fields), every `message:` of a body or a
 * limit rule, a sentence a function returns, and the value of every constant written in capitals
 * (the error plugin's tables among them), of MESSAGES and of a variable named `message`.
 */
function apiSentences(): Found[] {
  const found: Found[] = [];
  // Not replies: e-mails are written in the user's language by their own templates.
  const skip = /(\.mail|account-mail|mailer|seed\/|seed-cli|server|config|test\/|lib\/messages)/;
  for (const file of sourceFiles("apps/api/src").filter((f) => !skip.test(f))) {
    const { source, consts } = parse(file);
    const add = (node: ts.Node | undefined) => {
      if (node) for (const text of textsOf(node, consts)) found.push({ file, text });
    };
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && calledAs(node, "AppError")) {
        add(node.arguments?.[2]);
        add(node.arguments?.[3]);
      } else if (ts.isCallExpression(node) && calledAs(node, "AppError.notFound")) {
        add(node.arguments[0]);
      } else if (ts.isCallExpression(node) && calledAs(node, "AppError.validation")) {
        add(node.arguments[0]);
        add(node.arguments[1]);
      } else if (ts.isPropertyAssignment(node) && node.name.getText() === "message") {
        add(node.initializer);
      } else if (ts.isReturnStatement(node) && node.expression) {
        add(node.expression);
      } else if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        ts.isIdentifier(node.name) &&
        /^([A-Z][A-Z0-9_]+|MESSAGES|message)$/.test(node.name.text)
      ) {
        add(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.filter((f) => SENTENCE.test(f.text));
}

/**
 * In the contract: every zod `error` (a text or a function of the issue), the *_TEXT / *_MESSAGE
 * constants and the functions named *Message that fill a sentence with values.
 */
function contractSentences(): Found[] {
  const found: Found[] = [];
  for (const file of sourceFiles("packages/contract/src")) {
    const { source, consts } = parse(file);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === "error") {
        for (const text of textsOf(node.initializer, consts)) found.push({ file, text });
      } else if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        /(_(TEXT|MESSAGE)|[a-z]Message)$/.test(node.name.getText())
      ) {
        for (const text of textsOf(node.initializer, consts)) found.push({ file, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Texts the scan finds that are not sent to a client as they are (each with its reason). */
const NOT_SENT = new Map<string, string>([
  // Ledger descriptions: data kept with the wallet line; the web app names a line by its kind.
  ["Booking payment", "a ledger description"],
  ["Booking extension", "a ledger description"],
  ["Booking renewal", "a ledger description"],
  ["Marketplace order {value}", "a ledger description (the purchase engine's describe)"],
  ["Monthly pass {value}", "a ledger description (the purchase engine's describe)"],
  ["Vehicle documents {value}", "a ledger description (the purchase engine's describe)"],
  // npm run db:sql names what it changes in a developer's terminal, never in an answer.
  ["function {value}", "an object's name in db:sql's output"],
  ["trigger {value}.{value}", "an object's name in db:sql's output"],
  ["public, max-age=31536000, immutable", "a Cache-Control header"],
  ["public, max-age=3600", "a Cache-Control header (robots.txt and the sitemap)"],
  ["noopener noreferrer nofollow", "an HTML rel attribute of a blog post's links"],
  // The health details are for operators, in English as the logs they match (decision 037).
  ["not checked yet", "a read replica's state in the health details"],
  ["lagging {value} ms (more than {value} ms)", "a read replica's state in the health details"],
  ["behind where it was (restarted, catching up)", "a read replica's state in the health details"],
  // The demo provider's payout data (issue #65): a bank's and an account holder's names, not sentences.
  ["Demo Bank", "a demo bank's name"],
  ["Parkwell Test Bank", "a demo bank's name"],
  ["DEMO ACCOUNT {value}", "the demo's resolved account name"],
  ["Demo {value}", "the demo's connected account name"],
  // The OpenAPI document's words for the .pkpass routes' answer (decision 065), not a sentence sent.
  ["The Apple Wallet pass (attachment)", "an OpenAPI response's description"],
]);

describe("the catalogue covers", () => {
  const known = (text: string) => {
    const sample = text.replace(/\{value\}/g, "7");
    return translate(sample, "fr") !== sample;
  };

  it("every sentence the API's source can send", () => {
    const found = apiSentences();
    expect(found.length).toBeGreaterThan(80);
    const missing = found.filter((f) => !NOT_SENT.has(f.text) && !known(f.text));
    expect(missing).toEqual([]);
  });

  it("zod's own messages, where a contract check has none", () => {
    const issues = [
      RegisterSchema.safeParse({ phone: 5, country_id: 1.5, email: "a@b.co", password: "x".repeat(9) }),
      RegisterSchema.safeParse({ country_id: -1 }),
      RegisterSchema.safeParse([]),
      LoginSchema.safeParse({ identifier: "a@b.co", password: "x".repeat(300) }),
      SocialLoginSchema.safeParse({
        id_token: "t",
        firebase_uid: "u",
        provider: "google",
        email: "e".repeat(300),
      }),
      ProfileUpdateSchema.safeParse({ country_id: 2 ** 40 }),
    ].flatMap((r) => r.error?.issues ?? []);
    expect(issues.length).toBeGreaterThan(6);
    expect(issues.map((i) => i.message).filter((m) => translate(m, "fr") === m)).toEqual([]);
  });

  it("every field message of the contract's schemas", () => {
    const found = contractSentences();
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((f) => !known(f.text))).toEqual([]);
  });
});
