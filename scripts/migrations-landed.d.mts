export declare const MIGRATIONS_DIR: string;
export declare const RECORD_FILE: string;
export declare function migrationHash(text: string): string;
export declare function journalFiles(dir: string): string[];
export declare function readRecord(dir: string): Map<string, string>;
export declare function landedMigrationProblems(dir?: string): string[];
export declare function recordMigrations(dir?: string): string[];
