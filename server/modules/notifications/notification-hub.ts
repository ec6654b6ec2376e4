// Live delivery: each app instance LISTENs once on the notifications channel (PostgreSQL: one dedicated connection;
// PGlite: in-process) and forwards what it hears to the server-sent event streams its own users have open. notify()
// sends the NOTIFY inside the writer's transaction, so whichever instance wrote it, every instance hears it on commit.
import type { NotificationCounts, NotificationEvent } from '#contracts/notifications.ts'
import type { Database } from '../../db/client.ts'
import { NOTIFICATIONS_CHANNEL, type NotificationSignal } from './notify.ts'

export interface StreamConnection {
  userId: number
  /** Writes one server-sent event. */
  send(event: 'notification' | 'counts', data: NotificationEvent | NotificationCounts): void
  /** Whether the session the stream was opened with still stands. */
  isSessionActive(): Promise<boolean>
  /** Tells the page its session ended, then ends the response. */
  endSession(): void
  /** Ends the response (shutdown). */
  end(): void
}

export interface HubLoaders {
  loadEvent(userId: number, id: number): Promise<NotificationEvent | null>
  loadCounts(userId: number): Promise<NotificationCounts>
}

export class NotificationHub {
  readonly #database: Database
  readonly #loaders: HubLoaders
  readonly #log: (error: unknown) => void
  readonly #connections = new Map<number, Set<StreamConnection>>()
  #listening: Promise<() => Promise<void>> | null = null
  #closed = false

  constructor(database: Database, loaders: HubLoaders, log: (error: unknown) => void) {
    this.#database = database
    this.#loaders = loaders
    this.#log = log
  }

  /** Starts listening on first use; later calls wait for the same LISTEN. */
  async start(): Promise<void> {
    if (this.#closed) throw new Error('notification hub is closed')
    this.#listening ??= this.#database.listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => {
        void this.#deliver(payload).catch(this.#log)
      },
      {
        onReconnect: () => void this.#resync().catch(this.#log),
        onError: this.#log,
      },
    )
    try {
      await this.#listening
    } catch (error) {
      this.#listening = null // the next stream retries
      throw error
    }
  }

  add(connection: StreamConnection): () => void {
    let set = this.#connections.get(connection.userId)
    if (!set) {
      set = new Set()
      this.#connections.set(connection.userId, set)
    }
    set.add(connection)
    return () => {
      set.delete(connection)
      if (set.size === 0 && this.#connections.get(connection.userId) === set)
        this.#connections.delete(connection.userId)
    }
  }

  get connectionCount(): number {
    let total = 0
    for (const set of this.#connections.values()) total += set.size
    return total
  }

  /** Ends every open stream and stops listening, so the server can close (app preClose / onClose). */
  async close(): Promise<void> {
    this.#closed = true
    for (const set of this.#connections.values()) for (const connection of set) connection.end()
    this.#connections.clear()
    const listening = this.#listening
    this.#listening = null
    if (listening) {
      try {
        await (await listening)()
      } catch (error) {
        this.#log(error)
      }
    }
  }

  /**
   * After the LISTEN connection came back: whatever was NOTIFYed meanwhile was missed, so every open stream gets
   * fresh counts, which tells the page to refetch its notifications (use-notification-stream.ts).
   */
  async #resync(): Promise<void> {
    await Promise.all(
      [...this.#connections].map(async ([userId, set]) => {
        const counts = await this.#loaders.loadCounts(userId)
        for (const connection of set) connection.send('counts', counts)
      }),
    )
  }

  async #deliver(payload: string): Promise<void> {
    let parsed: NotificationSignal
    try {
      parsed = JSON.parse(payload) as NotificationSignal
    } catch {
      return
    }
    const set = this.#connections.get(parsed.recipient_id)
    if (!set || set.size === 0) return
    if (parsed.sessions) {
      await Promise.all([...set].map((connection) => closeIfSignedOut(connection)))
      return
    }
    if (typeof parsed.id === 'number') {
      const event = await this.#loaders.loadEvent(parsed.recipient_id, parsed.id)
      if (event) for (const connection of set) connection.send('notification', event)
      return
    }
    const counts = await this.#loaders.loadCounts(parsed.recipient_id)
    for (const connection of set) connection.send('counts', counts)
  }
}

/** A stream whose session ended (signed out, user deleted, expired) must not keep receiving the user's news. */
export async function closeIfSignedOut(connection: StreamConnection): Promise<boolean> {
  if (await connection.isSessionActive()) return false
  connection.endSession()
  return true
}
