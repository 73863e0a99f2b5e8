import { useShopSettings } from '~/components/layout/use-shop-settings'
import { telHref } from '~/features/settings/shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The grievance officer the Consumer Protection (E-Commerce) Rules, 2020 ask the shop to name (rule 4(4)), with
 * designation and contacts, from the shop settings: on the grievance page and the contact page.
 */
export function GrievanceOfficerCard({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { grievanceOfficer: officer, addresses } = useShopSettings()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="grievance-officer" className="mt-6 rounded-2xl border border-leaf-100 bg-leaf-50 p-5">
      <Heading id="grievance-officer" className="font-semibold text-earth-900">
        {m.contact_grievance_officer()}
      </Heading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-earth-600">{m.contact_grievance_name()}</dt>
        <dd>{officer.name}</dd>
        <dt className="text-earth-600">{m.contact_grievance_designation()}</dt>
        <dd>{officer.designation}</dd>
        <dt className="text-earth-600">{m.contact_grievance_phone()}</dt>
        <dd>
          <a href={telHref(officer.phone)} className="text-leaf-800 underline underline-offset-2">
            {officer.phone}
          </a>
        </dd>
        <dt className="text-earth-600">{m.contact_grievance_email()}</dt>
        <dd className="min-w-0 break-words">
          <a href={`mailto:${officer.email}`} className="text-leaf-800 underline underline-offset-2">
            {officer.email}
          </a>
        </dd>
        <dt className="text-earth-600">{m.contact_grievance_address()}</dt>
        <dd>{addresses[0]!.lines.join(', ')}</dd>
      </dl>
      <p className="mt-2 text-sm text-earth-700">{m.contact_grievance_promise()}</p>
    </section>
  )
}
