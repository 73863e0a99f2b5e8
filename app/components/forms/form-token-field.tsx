import { useMatches } from 'react-router'
import { FORM_TOKEN_FIELD } from '~/http/form-token'

/**
 * This browser's form token (docs/decisions/034-form-tokens.md), from the deepest route whose loader gave one:
 * a page a visitor can open signed out gives its own; the root gives it to signed-in visitors for every page.
 */
export function useFormToken() {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data
    if (data && typeof data === 'object' && 'formToken' in data && typeof data.formToken === 'string' && data.formToken)
      return data.formToken
  }
  return ''
}

/** Goes inside every form that posts: without it the shop refuses the post. */
export function FormTokenField() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={useFormToken()} />
}
