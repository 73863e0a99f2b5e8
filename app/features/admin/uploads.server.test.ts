import { describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES, readProductFormUpload, UploadRejectedError } from './uploads.server'

const post = (body: FormData | string, headers?: Record<string, string>) =>
  new Request('http://shop.test/Admin', { method: 'POST', body, headers })

const form = (entries: Record<string, string | File>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(entries)) data.append(k, v)
  return data
}

const refusal = async (request: Request) => {
  const err = await readProductFormUpload(request).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(UploadRejectedError)
  return err as UploadRejectedError
}

describe('reading the product form upload', () => {
  it('returns the text fields and both images as sent', async () => {
    const front = Buffer.from('front-bytes')
    const back = Buffer.alloc(300_000, 7)
    const upload = await readProductFormUpload(
      post(
        form({
          name: 'Amla Powder',
          description: 'தமிழ் text survives',
          frontImage: new File([front], 'front.jpg', { type: 'image/jpeg' }),
          backImage: new File([back], 'back.png', { type: 'image/png' }),
        }),
      ),
    )
    expect(upload.fields).toEqual({ name: 'Amla Powder', description: 'தமிழ் text survives' })
    expect(upload.images.frontImage?.equals(front)).toBe(true)
    expect(upload.images.backImage?.equals(back)).toBe(true)
  })

  it('treats an empty file input as no image', async () => {
    const upload = await readProductFormUpload(
      post(form({ name: 'x', frontImage: new File([], '', { type: 'application/octet-stream' }) })),
    )
    expect(upload.images).toEqual({})
    expect(upload.fields).toEqual({ name: 'x' })
  })

  it('accepts an url-encoded form without files', async () => {
    const upload = await readProductFormUpload(post('name=Ragi+Biscuit&price=45', { 'content-type': 'application/x-www-form-urlencoded' }))
    expect(upload).toEqual({ fields: { name: 'Ragi Biscuit', price: '45' }, images: {} })
  })

  it('accepts an image of exactly 10 MB and refuses one byte more, naming the image', async () => {
    const exact = await readProductFormUpload(post(form({ backImage: new File([Buffer.alloc(MAX_IMAGE_BYTES)], 'b.jpg') })))
    expect(exact.images.backImage?.length).toBe(MAX_IMAGE_BYTES)

    const front = await refusal(post(form({ name: 'x', frontImage: new File([Buffer.alloc(11 * 1024 * 1024, 1)], 'big.jpg') })))
    expect(front.status).toBe(413)
    expect(front.message).toBe('The front image is larger than 10 MB.')

    const back = await refusal(
      post(
        form({
          frontImage: new File([Buffer.from('small')], 'a.jpg'),
          backImage: new File([Buffer.alloc(MAX_IMAGE_BYTES + 1)], 'b.jpg'),
        }),
      ),
    )
    expect(back.message).toBe('The backside image is larger than 10 MB.')
  })

  it('refuses a body that declares itself larger than the form can be, before reading it', async () => {
    const request = new Request('http://shop.test/Admin', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) },
      body: 'never read',
    })
    const err = await refusal(request)
    expect(err.status).toBe(413)
    expect(request.bodyUsed).toBe(false)
  })

  it('refuses other file fields, a third file, repeated images and long text', async () => {
    expect((await refusal(post(form({ avatar: new File(['x'], 'a.jpg') })))).message).toBe('Unexpected file field avatar.')
    const twoFronts = new FormData()
    twoFronts.append('frontImage', new File(['a'], 'a.jpg'))
    twoFronts.append('frontImage', new File(['b'], 'b.jpg'))
    expect((await refusal(post(twoFronts))).message).toBe('Send one front image only.')
    const three = new FormData()
    three.append('frontImage', new File(['a'], 'a.jpg'))
    three.append('backImage', new File(['b'], 'b.jpg'))
    three.append('backImage', new File(['c'], 'c.jpg'))
    expect((await refusal(post(three))).status).toBe(400)
    const long = await refusal(post(form({ description: 'x'.repeat(40 * 1024) })))
    expect(long.status).toBe(413)
    expect(long.message).toBe('The field description is too long.')
  })

  it('refuses other content types and a broken multipart body with 4xx', async () => {
    expect((await refusal(post('{"name":"x"}', { 'content-type': 'application/json' }))).status).toBe(415)
    const broken = await refusal(
      post('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAmla', { 'content-type': 'multipart/form-data; boundary=b' }),
    )
    expect(broken.status).toBe(400)
    expect((await refusal(post('whatever', { 'content-type': 'multipart/form-data' }))).status).toBe(400)
  })
})
