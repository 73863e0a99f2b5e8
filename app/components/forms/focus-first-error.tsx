import { useEffect, useRef, useState } from 'react'

// A refused form takes the keyboard to what was refused (issue 39): its first refused field (a control marked
// aria-invalid, or a group's message, FieldError's data-field-error), else the form's own message (data-form-error).
// Apart from fields.tsx, so that pages whose forms are only buttons take these few lines and not the fields.

/** Focuses the first error inside `scope` as above, made focusable when it is not, and brings it to the screen's middle. */
export function focusFirstError(scope: ParentNode | null | undefined) {
  const target =
    scope?.querySelector<HTMLElement>('[aria-invalid="true"],[data-field-error]') ?? scope?.querySelector<HTMLElement>('[data-form-error]')
  if (!target) return
  if (target.tabIndex < 0) target.tabIndex = -1
  target.focus({ preventScroll: true })
  target.scrollIntoView({ block: 'center' })
}

/**
 * Put in the element that holds a form and its message: after each refusal (`failure`: the action's answer, or
 * useRefusal's mark; a new one for each), focuses the first error in that element, once. Nothing while there is none.
 */
export function FocusFirstError({ failure }: { failure: unknown }) {
  const mark = useRef<HTMLSpanElement>(null)
  const handled = useRef<unknown>(null)
  useEffect(() => {
    if (!failure || failure === handled.current) return
    handled.current = failure
    focusFirstError(mark.current?.parentElement)
  })
  return <span ref={mark} hidden />
}

/** For a refusal the page finds itself (its check before sending, a fetch's answer): the mark and what sets a new one. */
export function useRefusal() {
  const [refusal, setRefusal] = useState<object>()
  return [refusal, () => setRefusal({})] as const
}
