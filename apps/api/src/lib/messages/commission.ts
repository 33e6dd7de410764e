/** The back office's commission (admin/commission): the English sentences; the French is in the catalogue (packages/contract/locales/fr/server.json). */

export const COMMISSION_IS_PARKWELLS =
  "Only Parkwell's staff can change an operator's commission or statement period";
export const COMMISSION_RATE_EXISTS =
  "A rate for this product already starts at that time: choose another time, or add a later rate";
