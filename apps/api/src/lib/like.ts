/** `text` with LIKE's own characters (`\`, `%`, `_`) taken literally, for a pattern of one's own. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for LIKE or ILIKE: contains `text`, taken literally. */
export function likePattern(text: string): string {
  return `%${likeEscape(text)}%`;
}
