// The server the browser tests drive: a fresh embedded database each run, the same start path as `npm start`. Its
// e-mail goes through the real outbox and SMTP worker to an SMTP receiver on a loopback port, which drops every
// message into the mailbox folder as JSON (e2e/helpers.ts reads links from there: decision 052).
import fs from 'node:fs'
import { startSmtpReceiver } from '../server/test/smtp-receiver.ts'

const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data'
const mailbox = `${dataDir}-mailbox`
fs.rmSync(dataDir, { recursive: true, force: true })
fs.rmSync(mailbox, { recursive: true, force: true })
fs.mkdirSync(mailbox, { recursive: true })

const receiver = await startSmtpReceiver()
let written = 0
setInterval(() => {
  while (written < receiver.messages.length) {
    const { to, subject, text } = receiver.messages[written]!
    written += 1
    fs.writeFileSync(`${mailbox}/${String(written).padStart(6, '0')}.json`, JSON.stringify({ to, subject, text }))
  }
}, 50).unref()
process.env.SMTP_URL = receiver.url

await import('../scripts/start.ts')
