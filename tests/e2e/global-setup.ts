import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startShiprocketStandIn } from '../support/shiprocket-standin'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer } from '../support/test-server'

// One built shop for the whole browser run: a temporary DATA_DIR of its own, a free port. Workers start after
// this and read the config again, so they see E2E_BASE_URL as their baseURL.
export default async function globalSetup() {
  const started = Date.now()
  // Mails (password reset links) go to an SMTP server on loopback, which files them where workers read them
  // (E2E_MAIL_DIR; tests/support/smtp-sink.ts waitForMailInDir).
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-mail-'))
  const smtp = await startSmtpSink({ dir: mailDir })
  // ADMIN_EMAILS: the admin of the admin pages' tests (tests/e2e/admin-products.spec.ts). Every browser test
  // comes from 127.0.0.1, so sign-in limits would trip over each other: off here, tests/server covers them.
  // Shiprocket as the shop's courier, through its loopback stand-in: the shipping desk's test (shipping.spec.ts) plays
  // the courier through the stand-in's /__control/ calls. Pages that ship by hand still send the parcel themselves.
  const shiprocket = await startShiprocketStandIn({ email: 'api-user@example.com', password: 'e2e-password', controlled: true })
  const shiprocketEnv = {
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'e2e-password',
    SHIPROCKET_PICKUP_LOCATION: 'Kaadu Warehouse',
    SHIPROCKET_WEBHOOK_TOKEN: 'e2e-webhook-token',
    SHIPROCKET_API_BASE: shiprocket.url,
  }
  const server = await startTestServer({
    // On a copy of a first start's data when `npm test` made one, else a first start of its own.
    dataFrom: process.env.E2E_DATA_FROM || undefined,
    env: { ADMIN_EMAILS: 'admin-e2e@example.com', SMTP_URL: smtp.url, RATE_LIMIT: 'off', ...shiprocketEnv },
  })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_MAIL_DIR = mailDir
  process.env.E2E_SHIPROCKET_URL = shiprocket.url
  process.env.E2E_SHIPROCKET_TOKEN = shiprocketEnv.SHIPROCKET_WEBHOOK_TOKEN
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Browser tests against the built shop at ${server.url} (started in ${seconds} s, data in ${server.dataDir})`)
  return async () => {
    await server.stop()
    await smtp.close()
    await shiprocket.close()
    fs.rmSync(mailDir, { recursive: true, force: true })
  }
}
