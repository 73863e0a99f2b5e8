import { Fragment } from 'react'
import { Link } from 'react-router'
import { POLICY_LINKS, policyPath } from '~/features/policies/policies'

/**
 * The terms a buyer agrees to, linked beside the button that leads to paying (Consumer Protection (E-Commerce) Rules,
 * 2020, rule 7: return, refund, delivery and payment terms shown before the purchase; decision 036).
 */
export function PolicyNote({ className = '' }: { className?: string }) {
  const links = POLICY_LINKS.filter((l) => l.slug !== 'grievance')
  return (
    <p className={`text-sm text-earth-700 ${className}`}>
      By paying you accept our{' '}
      {links.map((link, i) => (
        <Fragment key={link.slug}>
          {i > 0 ? (i === links.length - 1 ? ' and ' : ', ') : null}
          <Link to={policyPath(link.slug)} className="text-leaf-800 underline underline-offset-2">
            {link.label.toLowerCase()}
          </Link>
        </Fragment>
      ))}
      . Questions or complaints:{' '}
      <Link to={policyPath('grievance')} className="text-leaf-800 underline underline-offset-2">
        our grievance officer
      </Link>
      .
    </p>
  )
}
