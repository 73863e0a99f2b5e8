import { m } from '~/i18n/paraglide/messages.js'
import type { UploadState } from './use-upload'

/** The upload's progress while a form with pictures is being sent. */
export function UploadProgress({ state, label }: { state: UploadState; label: string }) {
  if (state.status !== 'sending') return null
  const percent = state.total > 0 ? Math.round((state.loaded / state.total) * 100) : undefined
  return (
    <div className="grid gap-1">
      <label htmlFor="upload-progress" className="text-sm text-earth-800">
        {percent === undefined ? label : percent >= 100 ? m.admin_upload_processing() : m.admin_upload_percent({ label, percent })}
      </label>
      <progress id="upload-progress" className="w-full accent-leaf-700" max={100} value={percent === 100 ? undefined : percent} />
    </div>
  )
}
