import { createHash, createHmac } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'
import {
  createLocalStorage,
  createS3Storage,
  isValidStorageKey,
  s3ConfigFrom,
  type S3StorageConfig,
} from './storage.server'

const ACCESS_KEY_ID = 'TREMPLINTESTKEY'
const SECRET_ACCESS_KEY = 'tremplin-test-secret-access-key'
const REGION = 'fr-par'
const BUCKET = 'tremplin-images'
const KEY = 'posts/3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c.webp'
const WEBP_BYTES = new Uint8Array([82, 73, 70, 70, 4, 0, 0, 0, 87, 69, 66, 80, 1, 2, 3, 4])

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

interface ReceivedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  signatureValid: boolean
}

/**
 * Checks an `Authorization: AWS4-HMAC-SHA256 …` header the way S3 does (written here from the
 * SigV4 specification, independently of aws4fetch): same scope, same signature.
 */
function verifySignature(request: http.IncomingMessage, body: Buffer): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    )
  if (!match) return false
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[]
  if (keyId !== ACCESS_KEY_ID || region !== REGION) return false
  const payloadHash = request.headers['x-amz-content-sha256']
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false
  const datetime = String(request.headers['x-amz-date'])
  const names = signedHeaders!.split(';')
  if (!names.includes('host') || !names.includes('x-amz-date')) return false
  const url = new URL(request.url ?? '/', 'http://s3.test')
  const canonicalRequest = [
    request.method,
    url.pathname,
    url.search.slice(1),
    ...names.map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    ),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256(canonicalRequest)].join('\n')
  let key = hmac(`AWS4${SECRET_ACCESS_KEY}`, day!)
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part)
  return hmac(key, stringToSign).toString('hex') === signature
}

/** A loopback server answering like S3 for one bucket, recording what it was sent. */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const received: ReceivedRequest[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const signatureValid = verifySignature(request, body)
      const requestPath = request.url ?? '/'
      received.push({
        method: request.method ?? '',
        path: requestPath,
        headers: request.headers,
        body,
        signatureValid,
      })
      const xml = (status: number, code: string) => {
        response.writeHead(status, { 'Content-Type': 'application/xml' })
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
      }
      if (!signatureValid) return xml(403, 'SignatureDoesNotMatch')
      const prefix = `/${BUCKET}/`
      if (!requestPath.startsWith(prefix)) return xml(404, 'NoSuchBucket')
      const key = requestPath.slice(prefix.length)
      if (request.method === 'PUT') {
        objects.set(key, { body, contentType: String(request.headers['content-type']) })
        response.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` })
        return response.end()
      }
      if (request.method === 'GET') {
        const object = objects.get(key)
        if (!object) return xml(404, 'NoSuchKey')
        response.writeHead(200, { 'Content-Type': object.contentType })
        return response.end(object.body)
      }
      if (request.method === 'DELETE') {
        objects.delete(key)
        response.writeHead(204)
        return response.end()
      }
      return xml(405, 'MethodNotAllowed')
    })
  })
  return { server, objects, received }
}

describe('S3 storage', () => {
  const fake = startFakeS3()
  let config: S3StorageConfig

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
    const { port } = fake.server.address() as AddressInfo
    config = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: REGION,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      publicUrl: 'https://images.tremplin.example/',
    }
  })
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())))
  beforeEach(() => {
    fake.objects.clear()
    fake.received.length = 0
  })

  it('uploads with a signed path-style PUT, immutable caching and the WebP type, and answers the public URL', async () => {
    const url = await createS3Storage(config).put(KEY, WEBP_BYTES)

    expect(url).toBe(`https://images.tremplin.example/${KEY}`)
    expect(fake.received).toHaveLength(1)
    const [put] = fake.received
    expect(put).toMatchObject({ method: 'PUT', path: `/${BUCKET}/${KEY}`, signatureValid: true })
    expect(put!.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request, `,
      ),
    )
    expect(put!.headers['content-type']).toBe('image/webp')
    expect(put!.headers['cache-control']).toBe('public, max-age=604800, immutable')
    expect(put!.headers['x-amz-content-sha256']).toBe(sha256(WEBP_BYTES))
    expect(new Uint8Array(put!.body)).toEqual(WEBP_BYTES)
    expect(fake.objects.get(KEY)?.contentType).toBe('image/webp')
  })

  it('reads an object back, answers undefined for a missing one, and deletes', async () => {
    const storage = createS3Storage(config)
    await storage.put(KEY, WEBP_BYTES)
    expect(await storage.get(KEY)).toEqual(WEBP_BYTES)

    await storage.remove(KEY)
    expect(fake.objects.has(KEY)).toBe(false)
    expect(await storage.get(KEY)).toBeUndefined()
    // Deleting what is already gone is not an error.
    await expect(storage.remove(KEY)).resolves.toBeUndefined()
    expect(fake.received.map(({ method, signatureValid }) => [method, signatureValid])).toEqual([
      ['PUT', true],
      ['GET', true],
      ['DELETE', true],
      ['GET', true],
      ['DELETE', true],
    ])
  })

  it('fails loudly when the store refuses the credentials, and stores nothing', async () => {
    const storage = createS3Storage({ ...config, secretAccessKey: 'a-wrong-secret' })
    await expect(storage.put(KEY, WEBP_BYTES)).rejects.toThrow(/PUT .* \(HTTP 403\)/)
    expect(fake.received[0]?.signatureValid).toBe(false)
    expect(fake.objects.size).toBe(0)
  })

  it('never sends a key it did not generate', async () => {
    const storage = createS3Storage(config)
    await expect(storage.put('../other-bucket/x.webp', WEBP_BYTES)).rejects.toThrow(
      'Clé de fichier invalide',
    )
    await expect(storage.remove('posts/x.webp?versionId=1')).rejects.toThrow(
      'Clé de fichier invalide',
    )
    expect(fake.received).toHaveLength(0)
  })

  it('recognises only the URLs it produced', () => {
    const storage = createS3Storage(config)
    expect(storage.keyFromUrl(`https://images.tremplin.example/${KEY}`)).toBe(KEY)
    expect(storage.keyFromUrl(`/uploads/${KEY}`)).toBeNull()
    expect(storage.keyFromUrl(`https://images.tremplin.example.evil.test/${KEY}`)).toBeNull()
    expect(storage.keyFromUrl(`https://autre.example/${KEY}`)).toBeNull()
    expect(storage.keyFromUrl('https://images.tremplin.example/../secrets.webp')).toBeNull()
    expect(storage.keyFromUrl('https://images.tremplin.example/posts/a.webp?x=1')).toBeNull()
  })
})

describe('local storage', () => {
  let root: string
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tremplin-storage-'))
  })
  afterAll(() => fs.rm(root, { recursive: true, force: true }))

  it('writes under its root, serves the key at /uploads/{key}, and removes it', async () => {
    const storage = createLocalStorage(root)
    const url = await storage.put(KEY, WEBP_BYTES)
    expect(url).toBe(`/uploads/${KEY}`)
    expect(new Uint8Array(await fs.readFile(path.join(root, KEY)))).toEqual(WEBP_BYTES)
    expect(storage.keyFromUrl(url)).toBe(KEY)
    await storage.remove(KEY)
    expect(await storage.get(KEY)).toBeUndefined()
  })

  it('recognises only its own /uploads/ paths', () => {
    const storage = createLocalStorage(root)
    expect(storage.keyFromUrl('/uploads/../../etc/passwd')).toBeNull()
    expect(storage.keyFromUrl('/uploads/posts/photo.svg')).toBeNull()
    expect(storage.keyFromUrl(`https://images.tremplin.example/${KEY}`)).toBeNull()
    expect(storage.keyFromUrl(`/feed/uploads/${KEY}`)).toBeNull()
  })
})

describe('storage keys', () => {
  it('accept the generated upload keys of every folder, and nothing looser', () => {
    for (const folder of ['posts', 'profile_avatars', 'profile_banners']) {
      expect(isValidStorageKey(`${folder}/${crypto.randomUUID()}.webp`)).toBe(true)
    }
    for (const key of [
      'posts/../x.webp',
      '/posts/a.webp',
      'posts/A.webp',
      'posts/a.svg',
      'posts//a.webp',
    ]) {
      expect(isValidStorageKey(key)).toBe(false)
    }
  })
})

describe('S3 configuration', () => {
  const complete = {
    S3_BUCKET: 'tremplin-images',
    S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_PUBLIC_URL: 'https://tremplin-images.s3.fr-par.scw.cloud',
  }

  it('keeps uploads on local disk when S3_BUCKET is not set', () => {
    expect(s3ConfigFrom(parseEnv({}))).toBeNull()
  })

  it('uses the bucket when it is fully configured, in us-east-1 unless told otherwise', () => {
    expect(s3ConfigFrom(parseEnv(complete))).toEqual({
      endpoint: 'https://s3.fr-par.scw.cloud',
      bucket: 'tremplin-images',
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      publicUrl: 'https://tremplin-images.s3.fr-par.scw.cloud',
    })
    expect(s3ConfigFrom(parseEnv({ ...complete, S3_REGION: 'fr-par' }))?.region).toBe('fr-par')
  })

  it('refuses S3_BUCKET without its companions, one French line for each', () => {
    expect(() =>
      parseEnv({ S3_BUCKET: 'tremplin-images', S3_ENDPOINT: complete.S3_ENDPOINT }),
    ).toThrow(
      /Configuration invalide[\s\S]*S3_ACCESS_KEY_ID: obligatoire quand S3_BUCKET est défini[\s\S]*S3_SECRET_ACCESS_KEY: obligatoire[\s\S]*S3_PUBLIC_URL: obligatoire/,
    )
  })

  it('refuses S3 settings without a bucket, and a malformed bucket or endpoint', () => {
    expect(() => parseEnv({ S3_ENDPOINT: complete.S3_ENDPOINT })).toThrow(
      /S3_BUCKET: obligatoire avec les autres variables S3_\*/,
    )
    expect(() => parseEnv({ ...complete, S3_BUCKET: 'Mon Bucket' })).toThrow(
      /S3_BUCKET: doit être un nom de bucket S3/,
    )
    expect(() => parseEnv({ ...complete, S3_ENDPOINT: 'ftp://s3.example' })).toThrow(
      /S3_ENDPOINT: doit être une URL http:\/\/ ou https:\/\//,
    )
  })
})
