import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import Busboy from '@fastify/busboy'
import { m } from '~/i18n/paraglide/messages.js'
import { type FieldLabel, labelText } from '~/zod'
import { PRODUCT_IMAGE_FIELDS, type ProductImageField } from './product-form'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
const MAX_IMAGE_LABEL = '10 MB'
/** The text fields of the product form are short; the description is the longest (5,000 characters, up to 4 bytes each). */
const MAX_FIELD_BYTES = 32 * 1024
const MAX_FIELDS = 40
const IMAGE_FIELD_NAMES = Object.keys(PRODUCT_IMAGE_FIELDS) as ProductImageField[]
/** Two images, the text fields and the multipart framing around them. */
export const MAX_UPLOAD_BODY_BYTES = IMAGE_FIELD_NAMES.length * MAX_IMAGE_BYTES + MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024

/** An upload refused before anything is stored; `status` is the HTTP answer (400, 413 or 415). */
export class UploadRejectedError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export type FormUpload<Image extends string> = {
  /** Text fields by name; the first value wins when a name repeats. */
  fields: Record<string, string>
  /** The images chosen; an empty file input (nothing chosen) is left out. Kept in memory, never on disk. */
  images: Partial<Record<Image, Buffer>>
}

export type ProductFormUpload = FormUpload<ProductImageField>

/**
 * Reads the Add/Edit product form (multipart/form-data, or url-encoded when it carries no files) as it streams in,
 * stopping at the first limit crossed: at most 10 MB per image, the two image fields only, few and short text fields.
 */
export function readProductFormUpload(request: Request): Promise<ProductFormUpload> {
  return readFormUpload(request, PRODUCT_IMAGE_FIELDS)
}

/**
 * Reads a form with pictures (multipart/form-data, or url-encoded when it carries no files) as it streams in,
 * stopping at the first limit crossed: at most 10 MB per image, only the image fields `imageLabels` names (each
 * with how messages call it), few and short text fields.
 */
export async function readFormUpload<Image extends string>(
  request: Request,
  imageLabels: Record<Image, FieldLabel>,
): Promise<FormUpload<Image>> {
  const imageNames = Object.keys(imageLabels) as Image[]
  const isImageField = (name: string): name is Image => (imageNames as string[]).includes(name)
  const tooLarge = (field: Image) =>
    new UploadRejectedError(413, m.admin_upload_image_too_large({ image: labelText(imageLabels[field]), max: MAX_IMAGE_LABEL }), field)
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
    throw new UploadRejectedError(415, m.admin_upload_send_multipart())
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_UPLOAD_BODY_BYTES) {
    throw new UploadRejectedError(413, m.admin_upload_too_large({ max: MAX_IMAGE_LABEL }))
  }
  if (!request.body) throw new UploadRejectedError(400, m.admin_upload_form_empty())

  let parser: InstanceType<typeof Busboy>
  try {
    parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: imageNames.length,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
        parts: MAX_FIELDS + imageNames.length,
        headerPairs: 20,
      },
    })
  } catch {
    throw new UploadRejectedError(400, m.admin_upload_bad_boundary())
  }

  const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)
  const fields: Record<string, string> = {}
  const images: FormUpload<Image>['images'] = {}
  const pending: Array<Promise<void>> = []

  return new Promise<FormUpload<Image>>((resolve, reject) => {
    let settled = false
    const fail = (error: UploadRejectedError) => {
      if (settled) return
      settled = true
      // The rest of the body is not wanted. Drain it rather than destroy the stream, which would close the
      // connection before the refusal reaches the client; a body longer than any allowed upload is cut off.
      body.unpipe(parser)
      let drained = 0
      body.on('data', (chunk: Buffer) => {
        drained += chunk.length
        if (drained > MAX_UPLOAD_BODY_BYTES) body.destroy()
      })
      body.resume()
      parser.removeAllListeners()
      parser.on('error', () => {})
      reject(error)
    }

    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (nameTruncated || valueTruncated) {
        return fail(new UploadRejectedError(413, m.admin_upload_field_too_long({ name: name.slice(0, 40) }), name))
      }
      if (!(name in fields)) fields[name] = value
    })

    parser.on('file', (name: string, file: Readable) => {
      if (!isImageField(name)) {
        file.resume()
        return fail(new UploadRejectedError(400, m.admin_upload_unexpected_file({ name: name.slice(0, 40) }), name))
      }
      if (images[name] || pending.length >= imageNames.length) {
        file.resume()
        return fail(new UploadRejectedError(400, m.admin_upload_send_one({ image: labelText(imageLabels[name]) }), name))
      }
      const chunks: Buffer[] = []
      file.on('limit', () => fail(tooLarge(name)))
      pending.push(
        new Promise<void>((done) => {
          file.on('data', (chunk: Buffer) => chunks.push(chunk))
          file.on('end', () => {
            const bytes = Buffer.concat(chunks)
            // A file input left empty still sends a part, with no bytes.
            if (bytes.length > 0 && !(file as Readable & { truncated?: boolean }).truncated) images[name] = bytes
            done()
          })
        }),
      )
    })

    parser.on('filesLimit', () =>
      fail(
        new UploadRejectedError(
          400,
          m.admin_upload_send_at_most({
            images: imageNames.map((n) => m.admin_upload_a_image({ image: labelText(imageLabels[n]) })).join(m.admin_upload_and()),
          }),
        ),
      ),
    )
    parser.on('fieldsLimit', () => fail(new UploadRejectedError(413, m.admin_upload_too_many_fields())))
    parser.on('partsLimit', () => fail(new UploadRejectedError(413, m.admin_upload_too_many_fields())))
    parser.on('error', () => fail(new UploadRejectedError(400, m.admin_upload_unreadable())))
    body.on('error', () => fail(new UploadRejectedError(400, m.admin_upload_interrupted())))

    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (settled) return
        settled = true
        resolve({ fields, images })
      })
    })

    body.pipe(parser)
  })
}
