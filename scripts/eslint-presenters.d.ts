export declare const presenters: { rules: Record<string, unknown> };
/** Whether `name` names a presenter: `present`, or `present` followed by a capital letter. */
export declare function isPresenterName(name: string): boolean;
/** Whether `name` names a mapper (`to` followed by a capital letter): a presenter when it answers the contract's type. */
export declare const isMapperName: (name: string) => boolean;
/**
 * Whether a function named `name` may be defined in `relPath` (repository-relative);
 * `answersContract`: its written return type is one of the contract's types.
 */
export declare function presenterAllowed(relPath: string, name: string, answersContract?: boolean): boolean;
