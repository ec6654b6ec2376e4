// A server-sent event client over fetch for tests that hold a real stream open (app.inject cannot): the live
// notification tests, and the several-instances test through the balancer.

/** The spec's "within a second" (live notifications), the default bound of each wait. */
const LIVE_WITHIN_MS = 1_000

export interface SseEvent {
  event: string
  data: any
}

/** A server-sent event client over fetch: collects events, and can wait for the next one of a kind. */
export class EventStreamClient {
  readonly events: SseEvent[] = []
  ended = false
  readonly #controller = new AbortController()
  #waiters: Array<() => void> = []
  status = 0
  contentType = ''
  /** The stream's response headers (the balancer's X-Served-By among them). */
  headers = new Headers()

  /** Opens the stream with a session cookie, or with other headers (an API token's Authorization). */
  static async open(baseUrl: string, credential: string | Record<string, string>): Promise<EventStreamClient> {
    const client = new EventStreamClient()
    const response = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
      headers: {
        ...(typeof credential === 'string' ? { cookie: credential } : credential),
        accept: 'text/event-stream',
      },
      signal: client.#controller.signal,
    })
    client.status = response.status
    client.contentType = response.headers.get('content-type') ?? ''
    client.headers = response.headers
    void client.#read(response.body!)
    return client
  }

  async #read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let boundary = buffer.indexOf('\n\n')
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary)
          buffer = buffer.slice(boundary + 2)
          const lines = block.split('\n')
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7)
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
          if (event && data) this.events.push({ event, data: JSON.parse(data) })
          boundary = buffer.indexOf('\n\n')
        }
        this.#wake()
      }
    } catch {
      // aborted by close()
    }
    this.ended = true
    this.#wake()
  }

  #wake() {
    const waiters = this.#waiters
    this.#waiters = []
    for (const wake of waiters) wake()
  }

  /** Resolves with the first event of this kind after `from` events, or rejects after `timeoutMs`. */
  async next(event: string, from: number, timeoutMs = LIVE_WITHIN_MS): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.events.slice(from).find((item) => item.event === event)
      if (found) return found
      if (this.ended) throw new Error(`stream ended before a '${event}' event`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no '${event}' event within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async waitForEnd(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs
    while (!this.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    return this.ended
  }

  close() {
    this.#controller.abort()
  }
}
