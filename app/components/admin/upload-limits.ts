/** Mirrors MAX_IMAGE_BYTES of features/admin/uploads.server.ts, which the browser bundle cannot import. */
export const MAX_UPLOAD_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_IMAGE_BYTES_LABEL = '10 MB'
