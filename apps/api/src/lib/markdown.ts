/**
 * Markdown to safe HTML (decision 034): `marked` turns the Markdown into HTML with every raw HTML
 * token written out as text, then `sanitize-html` keeps only an allow-list of tags and attributes
 * and only http(s)/mailto links (no javascript:, data:, vbscript:), whatever `marked` produced.
 * Two layers: a Markdown trick that slips HTML past the first still meets the second.
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML in the Markdown (a block or inline) is shown as the text it is, never passed on.
    html(token) {
      return escapeHtml(token.text);
    },
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // A heading of level 1 is the page's title: a post's own become level 2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
  },
};

/** The Markdown as sanitised HTML, safe to insert into a page. */
export function renderMarkdown(md: string): string {
  const html = marked.parse(md) as string;
  return sanitizeHtml(html, ALLOWED).trim();
}
