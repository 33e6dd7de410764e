import { readableCode } from "../../lib/readable-code";

/**
 * A short reference a visitor can quote to support, e.g. `HLP-7K2M9QXA`. Random, not sequential,
 * so it reveals nothing about how many messages we receive.
 */
export function makeReference(prefix: "HLP" | "DEM" | "EVH", bytes?: Uint8Array): string {
  return readableCode(`${prefix}-`, 8, bytes);
}
