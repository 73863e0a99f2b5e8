import sharp from 'sharp'
import { FAVICON_SVG } from './favicon'

let made: Promise<Buffer> | undefined

/**
 * /favicon.ico, which browsers, feed readers and bookmarking tools ask for whatever the page links: the shop's SVG
 * icon as a 32×32 PNG inside an ICO container (every browser since Windows Vista reads PNG inside ICO). Made once.
 */
export function faviconIco() {
  made ??= sharp(Buffer.from(FAVICON_SVG))
    .resize(32, 32)
    .png()
    .toBuffer()
    .then((png) => {
      const header = Buffer.alloc(6 + 16)
      header.writeUInt16LE(0, 0) // reserved
      header.writeUInt16LE(1, 2) // an icon
      header.writeUInt16LE(1, 4) // one image
      header.writeUInt8(32, 6) // width
      header.writeUInt8(32, 7) // height
      header.writeUInt8(0, 8) // no palette
      header.writeUInt8(0, 9) // reserved
      header.writeUInt16LE(1, 10) // colour planes
      header.writeUInt16LE(32, 12) // bits per pixel
      header.writeUInt32LE(png.length, 14)
      header.writeUInt32LE(header.length, 18) // where the image starts
      return Buffer.concat([header, png])
    })
  return made
}
