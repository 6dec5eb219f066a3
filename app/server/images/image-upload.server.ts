import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Metadata, type SharpOptions } from 'sharp'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '~/features/posts/post.schema'
import { HttpError } from '../errors.server'
import { getStorage, type Storage } from '../storage.server'

/** Where uploads go: post images now, profile avatars and banners later. */
export const IMAGE_FOLDERS = ['posts', 'profile_avatars', 'profile_banners'] as const
export type ImageFolder = (typeof IMAGE_FOLDERS)[number]

/**
 * A request carrying an image (the composer, a profile picture, /api/uploads): the image, the
 * form's other fields and the multipart envelope. A larger one is refused before it is read.
 */
export const MAX_IMAGE_REQUEST_BYTES = IMAGE_MAX_BYTES + 1024 * 1024
/** The most a page's form with an image may send: twice the largest, server.ts's own bound. */
export const MAX_FORM_REQUEST_BYTES = 2 * MAX_IMAGE_REQUEST_BYTES
export const MAX_IMAGE_PIXELS = 40_000_000
const MAX_DIMENSION = 2048
const WEBP_QUALITY = 82

export const IMAGE_UPLOAD_MESSAGES = {
  notAnImage: 'Seuls les fichiers image sont acceptés.',
  fileTooLarge: IMAGE_TOO_LARGE_MESSAGE,
  tooManyPixels: 'L’image est trop grande (40 mégapixels au plus).',
  /** The spec's generic text, for anything else that goes wrong. */
  failed: "Erreur lors de l'upload de l'image.",
} as const

export type ImageUploadReason = 'not_an_image' | 'file_too_large' | 'too_many_pixels'

const REASONS: Record<ImageUploadReason, { status: number; message: string }> = {
  not_an_image: { status: 415, message: IMAGE_UPLOAD_MESSAGES.notAnImage },
  file_too_large: { status: 413, message: IMAGE_UPLOAD_MESSAGES.fileTooLarge },
  too_many_pixels: { status: 400, message: IMAGE_UPLOAD_MESSAGES.tooManyPixels },
}

/** An upload refused for what it is; the message is French and meant for the person. */
export class ImageUploadError extends HttpError {
  constructor(readonly reason: ImageUploadReason) {
    super(REASONS[reason].status, REASONS[reason].message)
    this.name = 'ImageUploadError'
  }
}

// Sniffed type (from the bytes, never the name or the declared type) → the format sharp must
// then find. Only rasters the bundled libvips decodes; SVG is XML and never sniffed as one.
const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
}

const DECODE_OPTIONS = {
  // Checked from the header, before any pixel is allocated.
  limitInputPixels: MAX_IMAGE_PIXELS,
  // Corrupt data is refused; mere warnings (common in phone JPEGs) are not.
  failOn: 'error',
  sequentialRead: true,
} as const satisfies SharpOptions

async function bytesOf(input: Uint8Array | Blob): Promise<Uint8Array> {
  const size = input instanceof Uint8Array ? input.byteLength : input.size
  if (size > IMAGE_MAX_BYTES) throw new ImageUploadError('file_too_large')
  return input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer())
}

/**
 * Turns uploaded bytes into a clean WebP: sniffs the real type, refuses pixel bombs from the
 * header, honours the EXIF orientation, fits inside 2048×2048 without enlarging (or takes the
 * given shape) and drops all
 * metadata (EXIF, ICC, XMP). Only decoded pixels survive, so a polyglot's payload does not.
 */
export async function reencodeImage(
  input: Uint8Array | Blob,
  shape: ImageShape = FREE_SHAPE,
): Promise<Uint8Array> {
  const bytes = await bytesOf(input)
  const sniffed = await fileTypeFromBuffer(bytes)
  const expectedFormat = sniffed ? ACCEPTED_TYPES[sniffed.mime] : undefined
  if (!expectedFormat) throw new ImageUploadError('not_an_image')

  let metadata: Metadata
  try {
    metadata = await sharp(bytes, DECODE_OPTIONS).metadata()
  } catch (error) {
    throw refusalFor(error)
  }
  if (metadata.format !== expectedFormat) throw new ImageUploadError('not_an_image')
  const height = metadata.pageHeight ?? metadata.height
  if (!metadata.width || !height) throw new ImageUploadError('not_an_image')
  if (metadata.width * height > MAX_IMAGE_PIXELS) throw new ImageUploadError('too_many_pixels')

  try {
    const output = await sharp(bytes, DECODE_OPTIONS)
      .rotate()
      .resize(shape)
      .webp({ quality: WEBP_QUALITY })
      .toBuffer()
    return new Uint8Array(output.buffer, output.byteOffset, output.byteLength)
  } catch (error) {
    throw refusalFor(error)
  }
}

/** What a sharp failure means for the person: too many pixels, or not an image we can read. */
function refusalFor(error: unknown): ImageUploadError {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message)
  return new ImageUploadError(overLimit ? 'too_many_pixels' : 'not_an_image')
}

/** How an image is sized: inside a box, or cropped to fill it (centred). */
export interface ImageShape {
  width: number
  height: number
  fit: 'inside' | 'cover'
  withoutEnlargement: boolean
}

const FREE_SHAPE: ImageShape = {
  width: MAX_DIMENSION,
  height: MAX_DIMENSION,
  fit: 'inside',
  withoutEnlargement: true,
}

/** Post images keep their proportions; an avatar is a 512 px square, a banner 1500×500. */
export const FOLDER_SHAPES: Record<ImageFolder, ImageShape> = {
  posts: FREE_SHAPE,
  profile_avatars: { width: 512, height: 512, fit: 'cover', withoutEnlargement: false },
  profile_banners: { width: 1500, height: 500, fit: 'cover', withoutEnlargement: false },
}

/**
 * Re-encodes an uploaded image (see `reencodeImage`) to its folder's shape and stores it under a fresh random key,
 * `{folder}/{uuid}.webp`. Throws ImageUploadError when the upload is refused.
 */
export async function storeUploadedImage(
  input: Uint8Array | File | Blob,
  options: { folder: ImageFolder; storage?: Storage },
): Promise<{ url: string; key: string }> {
  if (!IMAGE_FOLDERS.includes(options.folder)) {
    throw new Error(`Dossier d'images inconnu : ${String(options.folder)}`)
  }
  const webp = await reencodeImage(input, FOLDER_SHAPES[options.folder])
  const key = `${options.folder}/${randomUUID()}.webp`
  const url = await (options.storage ?? getStorage()).put(key, webp)
  return { url, key }
}
