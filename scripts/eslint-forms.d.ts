export declare const forms: { rules: Record<string, unknown> };
/** Input types that are not a labelled text-like field: they keep their own markup. */
export declare const EXEMPT_INPUT_TYPES: ReadonlySet<string>;
/** Whether a JSX element named `name` is a Field render: `Field` or `…Field`. */
export declare function isFieldName(name: string): boolean;
