// The app's log as a test reads it: buildApp({ logStream }) writes JSON lines into `stream`, kept parsed in `lines`.
import { Writable } from 'node:stream'

export interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

export function captureLog(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { stream, lines }
}
