import { describe, expect, it } from 'vitest'
import { LANGUAGE_TAGS, languageOfPath, pathInLanguage, pathWithoutLanguage } from './language'
import {
  chosenLanguageOf,
  languageCookie,
  languageOfAcceptLanguage,
  languageOfRequest,
  languageRedirect,
  localPathOrHome,
} from './request-language.server'

const browser = { method: 'GET', search: '', cookieHeader: undefined, acceptLanguage: undefined, isBot: false }

describe('a page’s language', () => {
  it('is in its address: /ta/… is Tamil, the spec’s paths English', () => {
    for (const path of ['/ta', '/ta/', '/ta/Cart-page', '/ta/product/abc.data', '/ta/_root.data'])
      expect(languageOfPath(path), path).toBe('ta')
    for (const path of ['/', '/Cart-page', '/tamil', '/taste', '/product/ta', '/TA/Cart-page'])
      expect(languageOfPath(path), path).toBe('en')
  })

  it('moves between the languages’ addresses, keeping the query and fragment', () => {
    expect(pathInLanguage('/', 'ta')).toBe('/ta')
    expect(pathInLanguage('/Cart-page', 'ta')).toBe('/ta/Cart-page')
    expect(pathInLanguage('/product?category=spices#top', 'ta')).toBe('/ta/product?category=spices#top')
    expect(pathInLanguage('/ta/Cart-page', 'ta')).toBe('/ta/Cart-page')
    expect(pathInLanguage('/ta/Cart-page?x=1', 'en')).toBe('/Cart-page?x=1')
    expect(pathInLanguage('/ta', 'en')).toBe('/')
    expect(pathWithoutLanguage('/ta/dash/orders/1')).toBe('/dash/orders/1')
    expect(LANGUAGE_TAGS).toEqual({ en: 'en-IN', ta: 'ta-IN' })
  })
})

describe('the language a browser prefers', () => {
  it('is the first of ours by quality, whatever the region', () => {
    expect(languageOfAcceptLanguage('ta-IN,ta;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ta')
    expect(languageOfAcceptLanguage('en-IN,en;q=0.9,ta;q=0.8')).toBe('en')
    expect(languageOfAcceptLanguage('hi-IN,hi;q=0.9,ta;q=0.5,en;q=0.4')).toBe('ta')
    expect(languageOfAcceptLanguage('en;q=0.5, ta;q=0.6')).toBe('ta')
    expect(languageOfAcceptLanguage('ta;q=0, en')).toBe('en')
    expect(languageOfAcceptLanguage('fr,de')).toBeUndefined()
    expect(languageOfAcceptLanguage('ta;q=abc')).toBeUndefined()
    expect(languageOfAcceptLanguage(undefined)).toBeUndefined()
  })
})

describe('answering in a language', () => {
  it('follows a page’s address, and an API’s Accept-Language (the page asking sends its own)', () => {
    expect(languageOfRequest({ path: '/ta/checkout', acceptLanguage: 'en' })).toBe('ta')
    expect(languageOfRequest({ path: '/checkout', acceptLanguage: 'ta' })).toBe('en')
    expect(languageOfRequest({ path: '/api/cart/quote', acceptLanguage: 'ta-IN' })).toBe('ta')
    expect(languageOfRequest({ path: '/api/cart/quote', acceptLanguage: undefined })).toBe('en')
  })

  it('sends a visitor who reads Tamil from an English page to the Tamil one: their choice first, then their browser', () => {
    expect(languageRedirect({ ...browser, path: '/Spices', search: '?page=2', acceptLanguage: 'ta-IN,en;q=0.5' })).toBe('/ta/Spices?page=2')
    expect(languageRedirect({ ...browser, path: '/', cookieHeader: 'a=1; language=ta' })).toBe('/ta')
    // The choice of English stands whatever the browser says.
    expect(languageRedirect({ ...browser, path: '/Spices', cookieHeader: 'language=en', acceptLanguage: 'ta' })).toBeUndefined()
    expect(languageRedirect({ ...browser, path: '/Spices', acceptLanguage: 'en-IN,ta;q=0.5' })).toBeUndefined()
  })

  it('never sends crawlers, changes, APIs, data requests, files or a Tamil page anywhere', () => {
    const reader = { ...browser, acceptLanguage: 'ta' }
    expect(languageRedirect({ ...reader, path: '/Spices', isBot: true })).toBeUndefined()
    expect(languageRedirect({ ...reader, path: '/checkout', method: 'POST' })).toBeUndefined()
    for (const path of ['/api/products', '/Spices.data', '/media/a.webp', '/sitemap.xml', '/language/en', '/ta/Spices']) {
      expect(languageRedirect({ ...reader, path }), path).toBeUndefined()
    }
  })

  it('remembers a choice for a year in a cookie, and reads only ours back', () => {
    expect(languageCookie('ta', true)).toBe('language=ta; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    expect(languageCookie('en', false)).toBe('language=en; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(chosenLanguageOf('language=ta')).toBe('ta')
    expect(chosenLanguageOf('x=1; language=en; y=2')).toBe('en')
    expect(chosenLanguageOf('language=fr')).toBeUndefined()
    expect(chosenLanguageOf('site_language=ta')).toBeUndefined()
  })

  it('goes back only to a path on the shop', () => {
    expect(localPathOrHome('/product/abc?x=1')).toBe('/product/abc?x=1')
    for (const bad of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a\nb']) {
      expect(localPathOrHome(bad), String(bad)).toBe('/')
    }
  })
})
