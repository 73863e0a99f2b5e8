import { startTestServer } from '../support/test-server'

// One built shop for the whole browser run: fresh temporary DATA_DIR, a free port.
export default async function globalSetup() {
  const server = await startTestServer()
  process.env.E2E_BASE_URL = server.url
  console.log(`Browser tests against the built shop at ${server.url} (data in ${server.dataDir})`)
  return async () => {
    await server.stop()
  }
}
