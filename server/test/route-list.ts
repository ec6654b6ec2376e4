// Every route an app registers, read from Fastify's route tree (printRoutes): the fuzz test and the dev proxy's
// drift test walk it.
import type { FastifyInstance } from 'fastify'

export interface RegisteredRoute {
  method: string
  /** The path as registered, e.g. '/api/v1/stacks/:id'. */
  path: string
}

export function listRegisteredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const found: RegisteredRoute[] = []
  const stack: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│├└─\s]*?)(?:[├└]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = Math.round(match[1]!.length / 4)
    stack.length = depth
    stack[depth] = match[2]!
    if (match[3]) for (const method of match[3].split(', ')) found.push({ method, path: stack.join('') })
  }
  return found
}
