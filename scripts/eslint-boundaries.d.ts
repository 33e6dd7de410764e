export declare const boundaries: { rules: Record<string, unknown> };
export declare function checkBoundary(
  from: string,
  target: string | null,
  source: string,
  typeOnly?: boolean,
): string | null;
/** What each API feature may import (docs/ARCHITECTURE.md#feature-dependencies). */
export declare const FEATURE_DEPENDENCIES: Readonly<Record<string, readonly string[]>>;
/** The feature of a repository-relative path under apps/api/src/features/ ("admin/<area>" in the back office). */
export declare function featureOf(relPath: string): string | null;
/** The API's layers, top to bottom (docs/ARCHITECTURE.md#layers): each imports only those below it. */
export declare const API_LAYERS: readonly string[];
/** The layer of a repository-relative path under apps/api/src/ (null for the root's files and test/). */
export declare function layerOf(relPath: string): string | null;
