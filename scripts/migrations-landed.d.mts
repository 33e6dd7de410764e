export declare const MIGRATIONS_DIR: string;
export declare const RECORD_FILE: string;
export declare const MAIN_BRANCHES: string[];
export interface RecordReader {
  show(rev: string): string | null;
  mergeBase(rev: string): string | null;
}
export interface MainRecord {
  branch: string;
  record: Map<string, string>;
  forkRecord: Map<string, string> | null;
}
export declare function migrationHash(text: string): string;
export declare function journalFiles(dir: string): string[];
export declare function parseRecord(text: string): Map<string, string>;
export declare function readRecord(dir: string): Map<string, string>;
export declare function gitRecordReader(dir: string): RecordReader;
export declare function readMainRecord(reader: RecordReader): MainRecord | null;
export declare function checkLandedMigrations(
  dir?: string,
  reader?: RecordReader,
): { problems: string[]; against: string | null };
export declare function landedMigrationProblems(dir?: string, reader?: RecordReader): string[];
export declare function recordMigrations(dir?: string): string[];
