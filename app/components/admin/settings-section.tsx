import type { ReactNode } from 'react'
import { primaryButton } from '~/components/catalogue/styles'
import { ActionOutcome } from './admin-page'

export type SectionOutcome = { ok: true; message: string } | { ok: false; error: string }

/**
 * A section of a settings page (/dash/settings, /dash/shop) with its own form: the heading, why it matters, an
 * optional notice, the outcome of its last save, then the form.
 */
export function SettingsSectionFrame(props: { id: string; title: string; intro: ReactNode; notice?: ReactNode; outcome?: SectionOutcome; children: ReactNode }) {
  const { id, title, intro, notice, outcome, children } = props
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-leaf-800">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-earth-700">{intro}</p>
      {notice && <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">{notice}</p>}
      <ActionOutcome message={outcome?.ok ? outcome.message : undefined} error={outcome && !outcome.ok ? outcome.error : undefined} />
      {children}
    </section>
  )
}

/** A settings form's button, "Saving..." while it posts. */
export function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Saving...' : label}
      </button>
    </div>
  )
}
