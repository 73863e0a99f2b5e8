import { GrievanceOfficerCard } from '~/components/policies/grievance-officer'
import { useShopSettings } from '~/components/layout/use-shop-settings'
import { telHref } from '~/features/settings/shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/** The contact page's places: every address the owner gave, with its phone, e-mail and hours, and the grievance officer. */
export function ContactPlaces() {
  const settings = useShopSettings()
  return (
    <section aria-labelledby="addresses-title">
      <h2 id="addresses-title" className="font-serif text-xl font-semibold text-leaf-800">
        {m.contact_visit_or_call()}
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        {settings.addresses.map((place, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two places may share a label; the list is the saved settings, in their order
          <article key={`${index}-${place.label}`} className="rounded-2xl border border-leaf-100 bg-leaf-50 p-5">
            <h3 className="font-semibold text-earth-900">{place.label}</h3>
            <address className="mt-2 text-sm leading-relaxed not-italic text-earth-700">
              {place.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            {(place.phone || place.email || place.hours) && (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {place.phone && (
                  <>
                    <dt className="text-earth-600">{m.contact_place_phone()}</dt>
                    <dd>
                      <a href={telHref(place.phone)} className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
                        {place.phone}
                      </a>
                    </dd>
                  </>
                )}
                {place.email && (
                  <>
                    <dt className="text-earth-600">{m.contact_place_email()}</dt>
                    <dd className="min-w-0 break-words">
                      <a href={`mailto:${place.email}`} className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
                        {place.email}
                      </a>
                    </dd>
                  </>
                )}
                {place.hours && (
                  <>
                    <dt className="text-earth-600">{m.contact_place_open()}</dt>
                    <dd>{place.hours}</dd>
                  </>
                )}
              </dl>
            )}
          </article>
        ))}
      </div>
      <GrievanceOfficerCard headingLevel={3} />
    </section>
  )
}
