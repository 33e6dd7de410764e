/** The role matrix's state as plain functions: a role's permissions as a sorted list of `section.action`. */

export function permissionOf(section: string, action: string): string {
  return `${section}.${action}`;
}

/** The permissions in the matrix's order (sections, then actions), anything else after them. */
export function sortPermissions(
  permissions: Iterable<string>,
  sections: readonly string[],
  actions: readonly string[],
): string[] {
  const rank = (p: string) => {
    const [section = "", action = ""] = p.split(".");
    const s = sections.indexOf(section);
    const a = actions.indexOf(action);
    return s < 0 || a < 0 ? Number.MAX_SAFE_INTEGER : s * actions.length + a;
  };
  return [...new Set(permissions)].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
}

/** The permissions with one ticked or unticked. */
export function setPermission(
  permissions: readonly string[],
  permission: string,
  on: boolean,
  sections: readonly string[],
  actions: readonly string[],
): string[] {
  const next = new Set(permissions);
  if (on) next.add(permission);
  else next.delete(permission);
  return sortPermissions(next, sections, actions);
}

/** Whether two lists hold the same permissions, whatever their order. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((p) => y.has(p));
}
