// The two packages ship JavaScript without types; only what tests/support/rich-results.ts uses.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown)
    validate(extracted: unknown): Promise<unknown[]>
  }
}
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] })
    parse(html: string): unknown
  }
}
