/**
 * JSON-LD as the text of a `<script type="application/ld+json">`: JSON with `<`, `>` and `&`
 * written as \u escapes (still the same JSON), so a name holding `</script>` or `<!--` cannot end
 * or change the element, and U+2028/U+2029 escaped for older parsers.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
