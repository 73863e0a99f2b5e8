import fs from 'node:fs'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { scratchFolder } from './scratch-folder'

/** s3rver's fixed keys: it accepts requests signed with these (and checks the signature). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type TestS3 = {
  endpoint: string
  bucket: string
  /** Every key in the bucket. */
  keys(): Promise<string[]>
  object(key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string }>
  /** Stops the server and removes its files; again, it does nothing. */
  stop(): Promise<void>
}

/** An S3-compatible server (s3rver) on loopback, on a free port, with one empty bucket in a temporary directory. */
export async function startTestS3(bucket = 'media'): Promise<TestS3> {
  const directory = scratchFolder('shop-s3-')
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  // The test's own look into the bucket, independent of the shop's client.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  })
  let stopped = false
  return {
    endpoint,
    bucket,
    async keys() {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
        keys.push(...(page.Contents ?? []).map((o) => o.Key!))
        token = page.NextContinuationToken
      } while (token)
      return keys.sort()
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return {
        bytes: Buffer.from(await answer.Body!.transformToByteArray()),
        contentType: answer.ContentType,
        cacheControl: answer.CacheControl,
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
