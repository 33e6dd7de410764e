export declare const ROOT: string;
export declare function buildStale(): void;
