import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// Issue 39, defect 2: the home page's brand claims are the owner's settings; the demo's are marked as demo text until
// the owner confirms them, since a claim of "organic" needs certification (FSSAI (Organic Foods) Regulations, 2017).

const OWNER = 'owner@claims.test'
const DEMO_MARK = 'Demo text'

describe('the home page’s claims', () => {
  let server: TestServer
  let owner: Browser
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off' } })
    owner = new Browser(server.url)
    await owner.signUp(OWNER)
  })
  afterAll(async () => server?.stop())

  /** The home page as a visitor sees it, its text without markup. */
  const home = async () => {
    const page = await new Browser(server.url).send('/')
    expect(page.status).toBe(200)
    const main = page.text.slice(page.text.indexOf('<main'), page.text.indexOf('</main>'))
    return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
  }
  const claims = (values: Record<string, string>) => ({
    intent: 'claims',
    claimTagline: 'Millets · Spices · Malnad hills',
    promise1Title: 'Grown in the Malnad',
    promise1Text: 'From farms around Sakleshpur and Chikkamagaluru.',
    promise2Title: '',
    promise2Text: '',
    promise3Title: 'Delivered across India',
    promise3Text: 'Packed in Hassan. Free delivery on orders of {free delivery} or more.',
    story: 'We began in Hassan with three coffee growers.\n\nToday we pack millets and spices from twenty farms.',
    ...values,
  })

  it('shows the demo’s claims marked as demo text, and tells the owner to confirm or change them', async () => {
    const text = await home()
    for (const claim of [
      'Organic · Non-GMO · Farm direct',
      'Certified organic, non-GMO',
      'Packed fresh in Coimbatore',
      'We started in Coimbatore',
    ])
      expect(text, claim).toContain(claim)
    expect(text).toContain(DEMO_MARK)

    const admin = (await owner.send('/dash/shop')).text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(admin).toContain(
      'These are the demo shop’s claims; confirm or change them — a claim of organic needs certification (FSSAI Food Safety and Standards (Organic Foods) Regulations, 2017)',
    )
  })

  it('refuses claims too long or not plain text, and changes nothing', async () => {
    const refusals: Record<string, string>[] = [
      { claimTagline: 'x'.repeat(81) },
      { promise1Title: 'x'.repeat(61) },
      { story: 'x'.repeat(2001) },
      { promise2Text: 'A line without its title' },
      { claimTagline: '<b>Organic</b>' },
    ]
    for (const bad of refusals) {
      const refused = await owner.send('/dash/shop', { form: claims({ ...bad, confirmClaims: 'yes' }) })
      expect(refused.status, Object.keys(bad)[0]).toBe(400)
    }
    const text = await home()
    expect(text).toContain('Certified organic, non-GMO')
    expect(text).toContain(DEMO_MARK)
  })

  it('shows the owner’s claims once saved, marked as demo text until they are confirmed', async () => {
    expect((await owner.send('/dash/shop', { form: claims({}) })).status).toBe(200)
    let text = await home()
    expect(text).toContain('Millets · Spices · Malnad hills')
    expect(text).toContain(DEMO_MARK)

    const confirmed = await owner.send('/dash/shop', { form: claims({ confirmClaims: 'yes' }) })
    expect(confirmed.status).toBe(200)
    text = await home()
    for (const claim of [
      'Millets · Spices · Malnad hills',
      'Grown in the Malnad',
      'Packed in Hassan. Free delivery on orders of ₹350 or more.',
      'We began in Hassan',
      'twenty farms',
    ])
      expect(text, claim).toContain(claim)
    for (const gone of ['Organic · Non-GMO', 'Certified organic', 'Packed fresh in Coimbatore', 'We started in Coimbatore', DEMO_MARK])
      expect(text, gone).not.toContain(gone)
    const admin = (await owner.send('/dash/shop')).text
    expect(admin).not.toContain('These are the demo shop’s claims')
  })
})
