/** One line of an audit entry's before/after view. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const show = (v: unknown): string =>
  v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v, null, 1);

/**
 * The fields of two records side by side (top-level keys of objects; a value that is not an
 * object is one line named "value"), in the order they first appear, each marked changed or not.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (before == null && after == null) return [];
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return [
      {
        field: "value",
        before: show(before ?? undefined),
        after: show(after ?? undefined),
        changed: show(before) !== show(after),
      },
    ];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = show(b[field]);
    const now = show(a[field]);
    return { field, before: was, after: now, changed: was !== now };
  });
}
