// oidc-provider ships no types: the little of its API the test provider uses (server/test/oidc-provider.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface KoaContext {
    path: string
    method: string
    query: Record<string, string | string[] | undefined>
    querystring: string
    response: { get(field: string): string }
    set(field: string, value: string): void
  }

  interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[] }
    params: Record<string, unknown>
    session?: { accountId?: string }
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    proxy: boolean
    Grant: new (properties: {
      clientId: string
      accountId: string
    }) => GrantInstance
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void
    on(event: string, listener: (...args: unknown[]) => void): void
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
