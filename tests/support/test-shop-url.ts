/**
 * The shop's public address the domain tests pass where a mail links back to the shop (PUBLIC_URL in a running shop):
 * the address the shop uses when none is configured, so the links the tests expect read as a trial shop's do.
 */
export const TEST_SHOP_URL = 'http://localhost:3000'
