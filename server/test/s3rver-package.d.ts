// s3rver ships no types: the little of its API the test S3 server uses (server/test/s3-server.ts).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    /** Where buckets and objects are kept, as files. */
    directory: string
    silent?: boolean
    /** Buckets made at start. */
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
