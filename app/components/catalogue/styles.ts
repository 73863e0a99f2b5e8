/** Shared class lists, so every catalogue button looks and focuses alike. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700'

export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700 ${focusRing}`

export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-leaf-700 bg-white px-4 py-2 font-semibold text-leaf-800 hover:bg-leaf-50 ${focusRing}`
