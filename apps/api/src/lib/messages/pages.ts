/** The company's editable pages and the Terms acceptance (features/pages, admin/pages; decision 035). */

// The English sentences the pages features answer with (features/pages, admin/pages); the French is in the catalogue (packages/contract/locales/fr/server.json).
export const PAGE_NOT_PUBLISHED = "This page has no published text yet";
export const PAGE_CHANGED_MEANWHILE =
  "Someone published a new version of this page meanwhile: reload it and publish again";
export const TERMS_VERSION_OLD =
  "These Terms are not the current ones: reload them and accept the current version";
export const TERMS_VERSION_UNKNOWN = "There is no such version of the Terms";
export const PAGES_ARE_PARKWELL = "Only Parkwell's staff can edit the company's pages";
