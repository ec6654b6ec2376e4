// A real S3-compatible server on a loopback port for tests (s3rver: the S3 REST protocol, signatures checked,
// objects kept as files in a temporary folder), with the settings that point the app at its bucket. Decision 055.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../config.ts'
import { s3Settings } from '../config.ts'
import { readEnv } from '../env.ts'

export interface TestS3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string
  bucket: string
  /** STORAGE_URL and the S3_* settings of an app storing into the bucket under 'stackatlas/'. */
  env: Record<string, string>
  close(): Promise<void>
}

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER'

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
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}/stackatlas`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
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
