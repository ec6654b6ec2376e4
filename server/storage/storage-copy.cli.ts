// `npm run storage:copy`: copies the uploads and share images of UPLOAD_DIR into the bucket of STORAGE_URL.
import fs from 'node:fs'
import { s3Settings, uploadDirOf } from '../config.ts'
import { readEnv } from '../env.ts'
import { createS3Storage } from './s3.storage.ts'
import { copyUploadDir } from './storage-copy.ts'

const HELP = `Usage: npm run storage:copy

Copies the files of the local upload folder (UPLOAD_DIR, default DATA_DIR/uploads) into the
bucket of STORAGE_URL=s3://bucket/prefix, with the S3_* settings the server uses. Files already in
the bucket are left as they are, so it can run again at any time, also while the server runs.
Nothing is deleted from the folder. Set STORAGE_URL on the servers once it has run.`

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length > 0) {
  console.log(HELP)
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2)
}

let settings: ReturnType<typeof s3Settings>
let uploadDir: string
try {
  const env = readEnv()
  settings = s3Settings(env)
  uploadDir = uploadDirOf(env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
if (!settings) {
  console.error(`STORAGE_URL is not set: nothing to copy the files into.\n\n${HELP}`)
  process.exit(1)
}
if (!fs.existsSync(uploadDir)) {
  console.error(`${uploadDir} does not exist: nothing to copy. Set UPLOAD_DIR to the folder of the uploads.`)
  process.exit(1)
}

const storage = createS3Storage(settings)
try {
  const report = await copyUploadDir(uploadDir, storage)
  const target = `s3://${settings.bucket}/${settings.prefix}`
  console.log(
    `${report.copied} copied, ${report.present} already there, ${report.ignored.length} ignored (${uploadDir} to ${target})`,
  )
  for (const file of report.ignored) console.log(`  ignored: ${file} is not an upload or share image`)
} catch (error) {
  console.error(`storage:copy stopped: ${(error as Error).message} (what was copied stays; run it again)`)
  process.exitCode = 1
} finally {
  storage.close()
}
