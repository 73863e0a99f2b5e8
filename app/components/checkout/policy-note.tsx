import { Fragment } from 'react'
import { Link } from 'react-router'
import { POLICY_LINKS, policyPath } from '~/features/policies/policies'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The terms a buyer agrees to, linked beside the button that leads to paying (Consumer Protection (E-Commerce) Rules,
 * 2020, rule 7: return, refund, delivery and payment terms shown before the purchase; decision 036).
 */
export function PolicyNote({ className = '' }: { className?: string }) {
  const links = POLICY_LINKS.filter((l) => l.slug !== 'grievance')
  return (
    <p className={`text-sm text-earth-700 ${className}`}>
      {m.checkout_policy_note_before()}
      {links.map((link, i) => (
        <Fragment key={link.slug}>
          {i > 0 ? (i === links.length - 1 ? m.checkout_policy_note_and() : ', ') : null}
          <Link to={policyPath(link.slug)} className="text-leaf-800 underline underline-offset-2">
            {link.label.toLowerCase()}
          </Link>
        </Fragment>
      ))}
      {m.checkout_policy_note_after_list()}
      <Link to={policyPath('grievance')} className="text-leaf-800 underline underline-offset-2">
        {m.checkout_policy_note_grievance()}
      </Link>
      .
    </p>
  )
}
