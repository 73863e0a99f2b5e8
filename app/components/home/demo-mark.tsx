import { m } from '~/i18n/paraglide/messages.js'

/**
 * The mark on a claim the owner has not confirmed (issue 39): the demo shop's claims, or claims saved but not yet
 * confirmed, say so to visitors. Plain text, dark on turmeric (over 10:1), read out with the claim.
 */
export function DemoMark() {
  return (
    <span className="ml-2 inline-block rounded-sm bg-turmeric-100 px-1.5 align-middle text-xs font-semibold tracking-normal text-earth-900 normal-case">
      {m.catalogue_home_demo_text()}
    </span>
  )
}
