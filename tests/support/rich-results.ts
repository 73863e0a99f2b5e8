import Validator from '@adobe/structured-data-validator'
import WebAutoExtractor from '@marbec/web-auto-extractor'

type Issue = { rootType: string; issueMessage: string; severity: 'ERROR' | 'WARNING' }

/**
 * What Google's rich results would refuse in a page's structured data, as Adobe's validator checks it
 * (@adobe/structured-data-validator: Product, Offer, AggregateOffer, UnitPriceSpecification, QuantitativeValue… by
 * Google's documented required fields), fed the extractor its README names. Warnings (optional fields) are left out.
 * That every property exists on its schema.org type is the type check's part (schema-dts, decision 039).
 */
export async function structuredDataErrors(html: string): Promise<string[]> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html)
  const issues = (await new Validator().validate(extracted)) as Issue[]
  return issues.filter((issue) => issue.severity === 'ERROR').map((issue) => `${issue.rootType}: ${issue.issueMessage}`)
}
