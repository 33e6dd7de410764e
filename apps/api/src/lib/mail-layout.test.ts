import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { renderMail, withLink, type MailContent } from "./mail-layout";

const API_SRC = path.resolve(import.meta.dirname, "..");
const LAYOUT = path.join(API_SRC, "lib", "mail-layout.ts");

/** The tags a mail's HTML is made of (not XML's, such as a feed's <title>). */
const HTML_TAG = /<\/?(html|body|p|a|table|tr|td|th|div|span|br|h[1-6]|ul|ol|li|strong|em|b|i|img)[\s>/]/i;

/** The string and template literals of a source file that hold an HTML tag (comments are not code). */
function markupIn(file: string, source: string): string[] {
  // Most files hold no tag at all: only those are parsed.
  if (!HTML_TAG.test(source)) return [];
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const texts =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
          : [];
    for (const text of texts) if (HTML_TAG.test(text)) found.push(text.trim().slice(0, 80));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

const content: MailContent = {
  language: "fr",
  subject: 'Reçu <1> & "2"',
  preheader: "Avant <script>",
  heading: "Titre <h>",
  greeting: "Bonjour <b>Eve</b>,",
  paragraphs: ["Première ligne\nseconde <i>ligne</i>", "L'autre"],
  rows: [
    { label: "Montant", value: "1 000 <CFA>" },
    { label: "Réf. <x>", value: "A&B" },
  ],
  notes: ["Note <n>"],
  action: { label: "Voir <ça>", url: 'https://p.test/a?x=1&y="2"' },
  links: [{ label: "Reçu N-1", url: "https://p.test/receipts/N-1" }],
  footnote: ["Ignorez <cet> e-mail."],
};

describe("the mail layout", () => {
  it("escapes every text of the content in the HTML, its links included, and sets the language", () => {
    const { html } = renderMail("a@p.test", content);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="fr"/);
    for (const raw of [
      "<1>",
      "<script>",
      "<h>",
      "<b>Eve</b>",
      "<i>ligne</i>",
      "<CFA>",
      "<x>",
      "<n>",
      "<ça>",
      "<cet>",
    ])
      expect(html).not.toContain(raw);
    expect(html).toContain("<title>Reçu &lt;1&gt; &amp; &quot;2&quot;</title>");
    expect(html).toContain("Bonjour &lt;b&gt;Eve&lt;/b&gt;,");
    expect(html).toContain("Première ligne<br>seconde &lt;i&gt;ligne&lt;/i&gt;");
    expect(html).toContain("L&#39;autre");
    expect(html).toContain('href="https://p.test/a?x=1&amp;y=&quot;2&quot;"');
    expect(html).toContain('<a href="https://p.test/receipts/N-1">Reçu N-1</a>');
    expect(html).toContain('<th scope="row"');
  });

  it("writes the same words, in the same order, in the text part, French colons and all", () => {
    const mail = renderMail("a@p.test", content);
    expect(mail.text).toBe(
      [
        "Titre <h>",
        "Bonjour <b>Eve</b>,",
        "Première ligne\nseconde <i>ligne</i>",
        "L'autre",
        "Montant\u00a0: 1 000 <CFA>\nRéf. <x>\u00a0: A&B",
        "Note <n>",
        'Voir <ça>\u00a0: https://p.test/a?x=1&y="2"',
        "Reçu N-1\u00a0: https://p.test/receipts/N-1",
        "Ignorez <cet> e-mail.",
        "Parkwell",
      ].join("\n\n"),
    );
    expect(mail.link).toBe('https://p.test/a?x=1&y="2"');
    expect(mail.subject).toBe(content.subject);
    // Each text block of the plain part is in the HTML part too, escaped.
    const escaped = (s: string) =>
      s
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#39;");
    for (const block of [content.greeting!, ...content.paragraphs, ...content.footnote!, "Parkwell"])
      expect(mail.html).toContain(escaped(block).replace(/\n/g, "<br>"));
  });

  it("leaves out what the content does not have, and the signature when it is not signed", () => {
    const bare = renderMail("a@p.test", {
      language: "en",
      subject: "S",
      paragraphs: ["Only this."],
      signed: false,
    });
    expect(bare.text).toBe("Only this.");
    expect(bare.link).toBeUndefined();
    expect(bare.html).toContain('<html lang="en"');
    expect(bare.html).not.toMatch(/<table style|<h1|Parkwell|<a /);
    expect(renderMail("a@p.test", { ...content, rows: [] }).text).not.toContain("Montant");
  });

  it("adds a link after the others and before the signature, in both parts", () => {
    const mail = { ...renderMail("a@p.test", content), id: "job:1" };
    const more = withLink(mail, { label: "Avoir N-2", url: "https://p.test/receipts/N-2" });
    expect(more.id).toBe("job:1");
    expect(more.text).toContain(
      "Reçu N-1\u00a0: https://p.test/receipts/N-1\n\nAvoir N-2\u00a0: https://p.test/receipts/N-2\n\nIgnorez",
    );
    expect(more.html.indexOf("Avoir N-2")).toBeGreaterThan(more.html.indexOf("Reçu N-1"));
    expect(more.html.indexOf("Avoir N-2")).toBeLessThan(more.html.lastIndexOf("Parkwell"));
  });
});

describe("mail markup lives in the layout only", () => {
  it("finds markup in code and not in comments (the check below can fail)", () => {
    expect(markupIn("x.ts", "const a = `<p>${b}</p>`;")).toEqual(["<p>", "</p>"]);
    expect(markupIn("x.ts", 'const a = "<a href=" + b;')).toEqual(["<a href="]);
    expect(markupIn("x.ts", "// <p>a comment</p>\nconst a = '<title>feed</title>';")).toEqual([]);
  });

  it("no file of the API other than lib/mail-layout.ts writes an HTML tag", () => {
    const files = fs
      .globSync("**/*.ts", { cwd: API_SRC })
      .map((f) => path.join(API_SRC, f))
      .filter((f) => f !== LAYOUT && !f.endsWith(".test.ts") && !f.includes(`${path.sep}test${path.sep}`));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((f) =>
      markupIn(f, fs.readFileSync(f, "utf8")).map((text) => `${path.relative(API_SRC, f)}: ${text}`),
    );
    // A mail is described as MailContent and rendered by renderMail: no HTML written by hand.
    expect(offenders).toEqual([]);
  });
});
