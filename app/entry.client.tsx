import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { setLocale } from './i18n/paraglide/runtime.js'

// React Router's own entry, with one line more: the page's language (its `<html lang>`, set by the server from the
// address) for every message the browser words. A page never changes language: the switch loads the other page.
setLocale(document.documentElement.lang.startsWith('ta') ? 'ta' : 'en', { reload: false })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
