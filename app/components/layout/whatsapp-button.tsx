import { type ShopSettings, whatsappHref } from '~/features/settings/shop-settings'
import { WhatsAppIcon } from './icons'

/** The floating chat button of the shared frame: opens WhatsApp with the support number. */
export function WhatsAppButton({ settings }: { settings: ShopSettings }) {
  return (
    <a
      href={whatsappHref(settings)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      title="Chat with us on WhatsApp"
      className="fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-[#1f8f4e] text-white shadow-lg ring-4 ring-white/80 transition-transform hover:scale-105 hover:bg-[#187a41] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700 motion-reduce:transition-none sm:right-6 sm:bottom-6"
    >
      <WhatsAppIcon />
    </a>
  )
}
