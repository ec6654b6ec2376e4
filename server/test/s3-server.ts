// A real S3-compatible server on a loopback port for tests (s3rver: the S3 REST protocol, objects kept as files in a
// temporary folder), with the settings that point the app at its bucket. s3rver does not check Signature Version 4
// (it accepts any), so every signed request and every write first passes a check of its own: the signature recomputed by aws4, a signer
// written apart from the AWS SDK's, and the payload's hash; a mismatch is answered 403 SignatureDoesNotMatch, as S3
// answers it. Decision 055.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import aws4 from 'aws4'
import S3rver from 's3rver'
import type { S3Settings } from '../config.ts'
import { s3Settings } from '../config.ts'
import { readEnv } from '../env.ts'

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string
  bucket: string
  /** Why each refused request was refused (a signature or payload check), in order. */
  refusals: string[]
  /** STORAGE_URL and the S3_* settings of an app storing into the bucket under 'stackatlas/'. */
  env: Record<string, string>
  close(): Promise<void>
}

/** s3rver's one account: its access key is also its secret. */
const ACCESS_KEY = 'S3RVER'
/** S3 refuses a request signed further than this from its clock (RequestTimeTooSkewed). */
const MAX_SKEW_MS = 15 * 60_000
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/

/** Why S3 would refuse this request's signature, or null when it is right. */
export function signatureRefusal(
  request: http.IncomingMessage,
  body: Buffer,
): { code: string; message: string } | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '')
  if (!match) return { code: 'AccessDenied', message: 'The request carries no Signature Version 4 Authorization.' }
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[]
  if (accessKeyId !== ACCESS_KEY) return { code: 'InvalidAccessKeyId', message: `Unknown access key ${accessKeyId}.` }
  const names = signedHeaderList!.split(';')
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!names.includes(required)) return { code: 'AccessDenied', message: `${required} is not signed.` }
  }
  const headers: Record<string, string> = {}
  for (const name of names) {
    const value = request.headers[name]
    if (value === undefined) return { code: 'AccessDenied', message: `The signed header ${name} is missing.` }
    headers[name] = Array.isArray(value) ? value.join(',') : value
  }
  const date = headers['x-amz-date']!
  const at = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
  if (!date.startsWith(day!) || Number.isNaN(at)) return { code: 'AccessDenied', message: 'Bad x-amz-date.' }
  if (Math.abs(Date.now() - at) > MAX_SKEW_MS) return { code: 'RequestTimeTooSkewed', message: `Signed at ${date}.` }
  const payloadHash = headers['x-amz-content-sha256']!
  if (payloadHash.startsWith('STREAMING-'))
    return { code: 'NotImplemented', message: `This server does not check ${payloadHash} (aws-chunked) bodies.` }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== crypto.createHash('sha256').update(body).digest('hex'))
    return { code: 'XAmzContentSHA256Mismatch', message: 'The body does not match x-amz-content-sha256.' }
  // no body given: the payload's hash is the header's, and aws4 would otherwise add headers that were not signed;
  // every signed header is included, even those aws4 leaves out by default (its typings lack the option)
  const toSign: aws4.Request & { extraHeadersToInclude: Record<string, boolean> } = {
    service: 's3',
    region,
    method: request.method,
    path: request.url,
    headers: { ...headers },
    extraHeadersToInclude: Object.fromEntries(names.map((name) => [name, true])),
  }
  const signed = aws4.sign(toSign, { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY })
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers?.Authorization))?.[1]
  if (expected !== signature) {
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match.' }
  }
  return null
}

/** In front of s3rver: each request's signature checked, then passed on as it came. */
function startSignatureCheck(target: number, refusals: string[]): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      // unsigned reads pass, as from a public bucket (S3_PUBLIC_URL); anything signed, and every write, is checked
      const anonymousRead = !request.headers.authorization && (request.method === 'GET' || request.method === 'HEAD')
      const refusal = anonymousRead ? null : signatureRefusal(request, body)
      if (refusal) {
        refusals.push(`${request.method} ${request.url}: ${refusal.code}`)
        response.writeHead(refusal.code === 'NotImplemented' ? 501 : 403, { 'content-type': 'application/xml' })
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
            `<Message>${refusal.message}</Message></Error>`,
        )
        return
      }
      const forwarded = http.request(
        { host: '127.0.0.1', port: target, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      forwarded.on('error', (error) => response.destroy(error))
      forwarded.end(body)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-s3-'))
  const bucket = 'stackatlas-test'
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const refusals: string[] = []
  const check = await startSignatureCheck(port, refusals)
  const endpoint = `http://127.0.0.1:${(check.address() as AddressInfo).port}`
  return {
    endpoint,
    bucket,
    refusals,
    env: {
      STORAGE_URL: `s3://${bucket}/stackatlas`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      check.closeAllConnections()
      await new Promise((resolve) => check.close(resolve))
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** The app's S3 settings for the server, with other settings (S3_PUBLIC_URL) added. */
export function s3SettingsOf(server: TestS3Server, extra: Record<string, string> = {}): S3Settings {
  const settings = s3Settings(readEnv({ ...server.env, ...extra }))
  if (!settings) throw new Error('the test S3 server gave no STORAGE_URL')
  return settings
}
