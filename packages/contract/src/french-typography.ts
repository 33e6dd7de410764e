/**
 * French writes a no-break space (U+00A0, or the narrow U+202F) before a colon, so the colon never
 * starts a line: "Montant\u00a0: 20 €". The catalogues' tests (web and API) check every French text
 * with this. A colon needs none in a URL ("https://"), a time or a time's pattern ("07:00",
 * "HH:MM") or a placeholder ("{{value}}", "{name}").
 */
export function colonsWithoutNoBreakSpace(text: string): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}|\{[^}]*\}/g, "{}")
    .replace(/[a-z][a-z+.-]*:\/\//gi, "")
    .replace(/(?<!\d)(\d{1,2}|HH):(\d{2}|MM)(?!\d)/g, "");
  const found: string[] = [];
  for (let i = plain.indexOf(":"); i !== -1; i = plain.indexOf(":", i + 1)) {
    if (plain[i - 1] !== "\u00a0" && plain[i - 1] !== "\u202f")
      found.push(plain.slice(Math.max(0, i - 20), i + 1));
  }
  return found;
}
