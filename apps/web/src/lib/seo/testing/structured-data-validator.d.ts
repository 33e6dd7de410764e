/** The parts of @adobe/structured-data-validator (plain JavaScript) the schema.org check uses. */
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    validate(extracted: { jsonld?: Record<string, unknown[]> }): Promise<unknown[]>;
  }
}

declare module "@adobe/structured-data-validator/src/types/schemaOrg.js" {
  export default class SchemaOrgValidator {
    constructor(options: { schemaOrgJson: unknown });
    validateProperty(type: string, property: string): Promise<boolean>;
  }
}
