// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }
  export interface Options {
    url: string
    /** Sent with every request. */
    headers?: Record<string, string>
    connections?: number
    /** Requests per second across all connections, held for the duration. */
    overallRate?: number
    duration?: number
    /** Requests to send in all, instead of a duration. */
    amount?: number
    requests?: Request[]
    timeout?: number
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
