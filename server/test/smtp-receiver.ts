// A real SMTP server on a loopback port for tests (smtp-server): it stores what arrives, decoded enough to read the
// subject, the Message-ID and the text part. `failWith` makes it refuse messages, to test retries and backoff.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  messageId: string
  /** The text/plain part, decoded. */
  text: string
  /** The text/html part, decoded, when there is one. */
  html: string | null
  raw: string
}

export interface SmtpReceiver {
  url: string
  messages: ReceivedMail[]
  /** Set to refuse every message with this SMTP code and text (e.g. 451 for a temporary failure); null accepts. */
  failWith: { code: number; message: string } | null
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const receiver: Partial<SmtpReceiver> & { failWith: SmtpReceiver['failWith'] } = { failWith: null }
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (receiver.failWith) {
          const error = new Error(receiver.failWith.message) as Error & { responseCode: number }
          error.responseCode = receiver.failWith.code
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
        })
        for (const waiter of waiters) waiter()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count: number, timeoutMs = 10_000) {
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(messages)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`expected ${count} messages, received ${messages.length}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpReceiver
}

/** Just enough MIME: unfolded headers, multipart/alternative, quoted-printable and base64, encoded-word subjects. */
function parseMessage(raw: string): Pick<ReceivedMail, 'subject' | 'messageId' | 'text' | 'html'> {
  const { headers, body } = splitPart(raw)
  const parts = leafParts(headers, body)
  const text = parts.find((part) => part.type === 'text/plain')?.content ?? ''
  const html = parts.find((part) => part.type === 'text/html')?.content ?? null
  return { subject: decodeWords(headers.subject ?? ''), messageId: headers['message-id'] ?? '', text, html }
}

function splitPart(raw: string) {
  const separator = raw.indexOf('\r\n\r\n')
  const head = separator === -1 ? raw : raw.slice(0, separator)
  const body = separator === -1 ? '' : raw.slice(separator + 4)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function leafParts(headers: Record<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const part = splitPart(section.replace(/^\r\n/, ''))
        return leafParts(part.headers, part.body)
      })
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  let content = body.replace(/\r\n$/, '')
  if (encoding === 'quoted-printable') content = decodeQuotedPrintable(content)
  else if (encoding === 'base64') content = Buffer.from(content, 'base64').toString('utf8')
  return [{ type: contentType.split(';')[0]!.trim().toLowerCase(), content: content.replace(/\r\n/g, '\n') }]
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3)
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )
}

export interface StallingSmtpServer {
  url: string
  /** Resolves once a whole message has arrived: its sender is now waiting for an answer that never comes. */
  arrived: Promise<void>
  close(): Promise<void>
}

/** An SMTP server that takes the whole message and never answers, so a sender is caught mid-send. */
export async function startStallingSmtpServer(): Promise<StallingSmtpServer> {
  let dataArrived!: () => void
  const arrived = new Promise<void>((resolve) => {
    dataArrived = resolve
  })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream) {
      stream.on('data', () => {})
      stream.on('end', dataArrived) // the reply never comes
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
