import { type FormEvent, useState } from 'react'
import { m } from '~/i18n/paraglide/messages.js'
import { MAX_IMAGE_BYTES_LABEL, MAX_UPLOAD_IMAGE_BYTES } from './upload-limits'

export type UploadState = { status: 'idle' } | { status: 'sending'; loaded: number; total: number }

export type UploadAnswer<T> = { ok: true; status: number; body: T } | { ok: false; error: string }

/**
 * Sends a multipart form with XMLHttpRequest (fetch cannot report upload progress) to the form's JSON endpoint
 * (data-api). The page works without JavaScript too: then the browser posts the form and the page renders.
 */
export function useUpload<T>(onAnswer: (answer: UploadAnswer<T>, form: HTMLFormElement) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (state.status === 'sending') return
    // Refuse a file the server would refuse anyway, before sending megabytes for nothing.
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type=file]')) {
      const file = input.files?.[0]
      if (file && file.size > MAX_UPLOAD_IMAGE_BYTES) {
        const label = form.querySelector(`label[for="${input.id}"]`)?.textContent ?? m.admin_upload_an_image()
        onAnswer({ ok: false, error: m.admin_upload_file_too_large({ label, max: MAX_IMAGE_BYTES_LABEL }) }, form)
        return
      }
    }
    const xhr = new XMLHttpRequest()
    // The page's JSON twin (data-api), since a page's action answers HTML.
    xhr.open('POST', form.dataset.api ?? form.action)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => setState({ status: 'sending', loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    xhr.onload = () => {
      setState({ status: 'idle' })
      let body: T | null = null
      try {
        body = JSON.parse(xhr.responseText) as T
      } catch {
        body = null
      }
      // A signed-out admin is redirected home, which answers HTML rather than JSON.
      if (body !== null && typeof body === 'object' && !('ok' in body)) {
        const error = (body as { error?: unknown }).error
        onAnswer({ ok: false, error: typeof error === 'string' ? error : m.admin_upload_error_status({ status: xhr.status }) }, form)
        return
      }
      if (body === null) {
        onAnswer(
          {
            ok: false,
            error: m.admin_upload_unexpected({ status: xhr.status }),
          },
          form,
        )
        return
      }
      onAnswer({ ok: true, status: xhr.status, body }, form)
    }
    xhr.onerror = () => {
      setState({ status: 'idle' })
      onAnswer(
        {
          ok: false,
          error: m.admin_upload_not_reached(),
        },
        form,
      )
    }
    setState({ status: 'sending', loaded: 0, total: 0 })
    xhr.send(new FormData(form))
  }

  return { state, onSubmit, busy: state.status === 'sending' }
}
