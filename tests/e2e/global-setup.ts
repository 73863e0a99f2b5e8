import { startTestServer } from '../support/test-server'

// One built shop for the whole browser run: fresh temporary DATA_DIR, a free port. Workers start after
// this and read the config again, so they see E2E_BASE_URL as their baseURL.
export default async function globalSetup() {
  const started = Date.now()
  const server = await startTestServer()
  process.env.E2E_BASE_URL = server.url
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Browser tests against the built shop at ${server.url} (started in ${seconds} s, data in ${server.dataDir})`)
  return async () => {
    await server.stop()
  }
}
