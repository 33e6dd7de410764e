/** `text` taken literally inside a regular expression (its special characters escaped). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
