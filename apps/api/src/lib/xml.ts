/** Text made safe inside an XML element or a quoted attribute: the five markup characters escaped. */
export const xmlEscape = (s: string): string =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Characters XML 1.0 forbids (control characters other than tab, newline and return). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** `xmlEscape` after dropping the characters XML 1.0 forbids: for any text written into XML. */
export const xmlSafe = (s: string): string => xmlEscape(s.replace(FORBIDDEN, ""));
