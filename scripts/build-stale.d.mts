export declare const ROOT: string;
export declare function buildStale(options?: { web?: boolean }): void;
