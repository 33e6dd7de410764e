/**
 * Structured data checked against the schema.org vocabulary (release 30.0's
 * schemaorg-current-https.jsonld as schema.org publishes it, CC BY-SA 3.0, kept here gzipped; a
 * newer release replaces the file) by @adobe/structured-data-validator: an unknown type, a property
 * schema.org does not give a type, and Google's rich-result requirements of the types it knows
 * (an Offer's price, a Product's offers…) are each an issue. For tests only (Node).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import Validator from "@adobe/structured-data-validator";
import SchemaOrgValidator from "@adobe/structured-data-validator/src/types/schemaOrg.js";

const vocabulary: unknown = JSON.parse(
  gunzipSync(readFileSync(new URL("./schemaorg-current-https-30.0.jsonld.gz", import.meta.url))).toString(
    "utf8",
  ),
);

export interface SchemaIssue {
  issueMessage: string;
  severity: "ERROR" | "WARNING";
  fieldNames?: string[];
  errorType?: string;
  path?: { type?: unknown; index?: number; property?: string }[];
}

type Node = Record<string, unknown>;

/** The node an issue's path names: the root, then each property (and index in a list) down. */
function nodeAt(root: Node, path: SchemaIssue["path"] = []): Node | null {
  let node: unknown = root;
  for (const step of path.slice(1)) {
    if (!step.property || typeof node !== "object" || node === null) return null;
    node = (node as Node)[step.property];
    if (Array.isArray(node)) node = node[step.index ?? 0];
  }
  return typeof node === "object" && node !== null ? (node as Node) : null;
}

/**
 * The issues of one JSON-LD object: every error (an unknown type, a rich result's required field
 * missing) and every schema.org vocabulary issue (a property the type does not have), whatever its
 * severity. Google's recommendations for richer results (a Product's brand or GTIN, "optional")
 * are not issues: the data has no such values. A node of several types may use the properties of
 * any of them (schema.org's rule); the validator checks each type alone, so a property one of the
 * node's other types has is not an issue.
 */
export async function schemaOrgIssues(data: object): Promise<SchemaIssue[]> {
  const item = structuredClone(data) as Node;
  const rootType = Array.isArray(item["@type"]) ? String(item["@type"][0]) : String(item["@type"]);
  const issues = (await new Validator(vocabulary).validate({
    jsonld: { [rootType]: [item] },
  })) as SchemaIssue[];
  const vocab = new SchemaOrgValidator({ schemaOrgJson: vocabulary });
  const kept: SchemaIssue[] = [];
  for (const issue of issues) {
    if (issue.severity !== "ERROR" && issue.errorType !== "schemaOrg") continue;
    const node = issue.errorType === "schemaOrg" ? nodeAt(data as Node, issue.path) : null;
    const types = node && Array.isArray(node["@type"]) ? (node["@type"] as string[]) : [];
    const property = issue.fieldNames?.[0];
    if (types.length > 1 && property) {
      const valid = await Promise.all(types.map((type) => vocab.validateProperty(type, property)));
      if (valid.some(Boolean)) continue;
    }
    kept.push(issue);
  }
  return kept;
}
