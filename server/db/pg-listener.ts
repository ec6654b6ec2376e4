// LISTEN on PostgreSQL for one instance: one dedicated connection (a pool connection cannot hold a LISTEN), shared by
// every channel. The connection can die: PostgreSQL restarts, an operator or a proxy kills the backend, a network
// drop leaves it half-open. None of that may crash the process or leave subscribers deaf: errors are handled,
// the connection is opened again with backoff, every channel is LISTENed again, and each subscriber's onReconnect
// runs, because whatever was NOTIFYed while nobody listened is lost and has to be caught up by reading the tables.
import pg from 'pg'

export interface ListenOptions {
  /** The connection was lost and LISTEN is back: NOTIFYs sent in between were missed, so catch up now. */
  onReconnect?: () => void
  /** The connection failed (it comes back by itself); for the subscriber's log. */
  onError?: (error: Error) => void
}

/** Listener for NOTIFY payloads on a channel; answers an unsubscribe function. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  options?: ListenOptions,
) => Promise<() => Promise<void>>

export interface ListenerTiming {
  /** First reconnect delay, doubled after each failure up to maxMs (with up to 20% jitter). */
  baseMs: number
  maxMs: number
  /** A `select 1` on the connection this often: a half-open connection gives no error until something is sent. */
  pingMs: number
  /** A ping unanswered for this long counts as a lost connection. */
  pingTimeoutMs: number
}

export const LISTENER_TIMING: ListenerTiming = { baseMs: 250, maxMs: 30_000, pingMs: 30_000, pingTimeoutMs: 10_000 }

/** application_name of the listening connection, so operators (and tests) can find it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'stackatlas-listen'

interface Subscription {
  channel: string
  onPayload: (payload: string) => void
  options: ListenOptions
}

export class PostgresListener {
  readonly #connectionString: string
  readonly #timing: ListenerTiming
  readonly #subscriptions = new Set<Subscription>()
  #client: pg.Client | null = null
  #connecting: Promise<pg.Client> | null = null
  #reconnectTimer: NodeJS.Timeout | null = null
  #pingTimer: NodeJS.Timeout | null = null
  #failures = 0
  #closed = false

  constructor(connectionString: string, timing: Partial<ListenerTiming> = {}) {
    this.#connectionString = connectionString
    this.#timing = { ...LISTENER_TIMING, ...timing }
  }

  /** Whether the connection is up (false while reconnecting). */
  get isConnected(): boolean {
    return this.#client !== null
  }

  readonly listen: Listen = async (channel, onPayload, options = {}) => {
    if (this.#closed) throw new Error('the database is closed')
    const subscription: Subscription = { channel, onPayload, options }
    this.#subscriptions.add(subscription)
    // While reconnecting, the reconnect LISTENs this channel too (and tells this subscriber to catch up).
    if (!this.#reconnectTimer) {
      try {
        const client = await this.#connect()
        // LISTEN twice on one channel is a no-op, so a connect that already covered it does no harm.
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch (error) {
        this.#subscriptions.delete(subscription)
        if (this.#subscriptions.size === 0) await this.#disconnect()
        throw error
      }
    }
    return async () => {
      if (!this.#subscriptions.delete(subscription)) return
      if (this.#subscriptions.size === 0) {
        await this.#disconnect()
        return
      }
      if (this.#channels().has(channel)) return
      await this.#client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {})
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#subscriptions.clear()
    await this.#disconnect()
  }

  #channels(): Set<string> {
    return new Set([...this.#subscriptions].map((subscription) => subscription.channel))
  }

  /** The open connection, or a new one with every channel LISTENed; concurrent callers share one attempt. */
  #connect(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client)
    this.#connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.#connectionString,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      })
      // Without an 'error' listener, a dying connection would throw from the EventEmitter and end the process.
      client.on('error', (error) => this.#lose(client, error))
      client.on('end', () => this.#lose(client, new Error('the LISTEN connection ended')))
      client.on('notification', (message) => {
        for (const subscription of this.#subscriptions) {
          if (subscription.channel !== message.channel) continue
          try {
            subscription.onPayload(message.payload ?? '')
          } catch {
            // one subscriber's bug must not starve the others
          }
        }
      })
      try {
        await client.connect()
        for (const channel of this.#channels()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch (error) {
        client.removeAllListeners('end')
        client.end().catch(() => {})
        throw error
      }
      if (this.#closed || this.#subscriptions.size === 0) {
        client.removeAllListeners('end')
        client.end().catch(() => {})
        throw new Error('nobody listens any more')
      }
      this.#client = client
      this.#schedulePing(client)
      return client
    })().finally(() => {
      this.#connecting = null
    })
    return this.#connecting
  }

  /** The connection died (or stopped answering): drop it, tell subscribers, and reconnect. */
  #lose(client: pg.Client, error: Error) {
    if (this.#client !== client) return // already handled, or closed on purpose
    this.#client = null
    this.#clearPing()
    client.removeAllListeners('notification')
    client.end().catch(() => {})
    for (const subscription of this.#subscriptions) subscription.options.onError?.(error)
    this.#scheduleReconnect()
  }

  #scheduleReconnect() {
    if (this.#closed || this.#subscriptions.size === 0 || this.#reconnectTimer) return
    const { baseMs, maxMs } = this.#timing
    const delay = Math.round(Math.min(maxMs, baseMs * 2 ** this.#failures) * (1 + 0.2 * Math.random()))
    this.#reconnectTimer = setTimeout(() => void this.#reconnect(), delay)
    this.#reconnectTimer.unref()
  }

  async #reconnect() {
    try {
      await this.#connect()
    } catch (error) {
      this.#reconnectTimer = null
      this.#failures++
      for (const subscription of this.#subscriptions) subscription.options.onError?.(asError(error))
      this.#scheduleReconnect()
      return
    }
    this.#reconnectTimer = null
    this.#failures = 0
    for (const subscription of this.#subscriptions) {
      try {
        subscription.options.onReconnect?.()
      } catch {
        // a subscriber's catch-up failing is its own business
      }
    }
  }

  #schedulePing(client: pg.Client) {
    this.#clearPing()
    const { pingMs, pingTimeoutMs } = this.#timing
    this.#pingTimer = setTimeout(async () => {
      let timeout: NodeJS.Timeout | undefined
      const silent = new Promise<never>((_, reject) => {
        timeout = setTimeout(
          () => reject(new Error(`the LISTEN connection did not answer in ${pingTimeoutMs} ms`)),
          pingTimeoutMs,
        )
      })
      try {
        await Promise.race([client.query('select 1'), silent])
        if (this.#client === client) this.#schedulePing(client)
      } catch (error) {
        this.#lose(client, asError(error))
      } finally {
        clearTimeout(timeout)
      }
    }, pingMs)
    this.#pingTimer.unref()
  }

  #clearPing() {
    if (this.#pingTimer) clearTimeout(this.#pingTimer)
    this.#pingTimer = null
  }

  /** Closes the connection on purpose (no reconnect) and stops any pending reconnect. */
  async #disconnect(): Promise<void> {
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer)
    this.#reconnectTimer = null
    this.#clearPing()
    const client = this.#client
    this.#client = null
    this.#failures = 0
    if (!client) return
    client.removeAllListeners('notification')
    await client.end().catch(() => {})
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
