// Several real server processes on one PostgreSQL database behind Debian's haproxy, on free loopback ports: what an
// operator runs past one machine, started on this one (issue 21, docs/decisions/058-several-instances-tested.md).
// Each instance is `node server/main.ts`, the server `npm start` runs once the web app is built, with the settings
// an operator gives every instance (one AUTH_SECRET, BASE_URL the balancer's address, TRUSTED_PROXIES the balancer).
// The balancer is round robin with a health check, names the instance that answered in X-Served-By, and tells its
// servers' states over its stats socket. Used by the multi-instance test and by `npm run bench -- --instances=N`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withAdmin, withDatabase } from './paths.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = path.join(root, 'server/main.ts')
// main.ts needs Node 24 (it runs TypeScript directly); a bare `node` may be an older one.
const NODE = fs.existsSync(path.join(root, 'node_modules/.bin/node'))
  ? path.join(root, 'node_modules/.bin/node')
  : process.execPath
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'

/** What the balancer asks each instance: ready for traffic (database, migrations, not shutting down; decision 054). */
export const HEALTH_PATH = '/readyz'
/**
 * The balancer's health check: every second, out after 3 failures, back after 2 successes. A check waits up to 2 s:
 * an instance busy under load answers slowly but is not dead (a tighter bound took both out during the bench).
 */
export const HEALTH_CHECK = { intervalMs: 1_000, timeoutMs: 2_000, fall: 3, rise: 2 }
/** The response header naming the instance that answered (haproxy's %s: the server's name). */
export const SERVED_BY = 'x-served-by'
const START_TIMEOUT_MS = 120_000

export interface ClusterOptions {
  instances: number
  /** A PostgreSQL server: the cluster creates a fresh database there and drops it when it stops. */
  adminUrl: string
  /** An existing database to run on instead (kept when the cluster stops): the bench seeds its own first. */
  databaseUrl?: string
  /** Settings every instance gets besides the cluster's own (SMTP_URL, RATE_LIMIT_DISABLED, ADMIN_EMAILS...). */
  env?: Record<string, string>
  /** Paths under a prefix sent to another server on loopback instead of the instances (the bench's /bench/ routes). */
  sideRoutes?: { pathPrefix: string; port: number }[]
}

export interface Instance {
  /** Its server name in the balancer and in X-Served-By: instance1, instance2... */
  name: string
  port: number
  /** Its own address, past the balancer. */
  url: string
  process: ChildProcess
  /** Resident memory of the process now, in bytes (Linux /proc). */
  rssBytes(): number
  /** Sends the signal and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>
}

export interface Cluster {
  /** The balancer's address, which is every instance's BASE_URL. */
  url: string
  databaseUrl: string
  instances: Instance[]
  /** Each server's state as the balancer sees it: UP, DOWN, or a transition such as "UP 1/2". */
  serverStates(): Promise<Record<string, string>>
  /** Everything an instance wrote to stdout and stderr so far (for a failure's message). */
  logOf(name: string): string
  stop(): Promise<void>
}

/** A port free now, so that a process can be told it before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Why a cluster cannot start on this machine (no haproxy), or null. */
export function clusterUnavailable(): string | null {
  const probe = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' })
  return probe.status === 0 ? null : `haproxy is not installed at ${HAPROXY} (apt-get install haproxy)`
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-cluster-'))
  const ownDatabase = options.databaseUrl ? null : `stackatlas_cluster_${crypto.randomBytes(6).toString('hex')}`
  if (ownDatabase) await withAdmin(options.adminUrl, (admin) => admin.query(`CREATE DATABASE ${ownDatabase}`))
  const databaseUrl = options.databaseUrl ?? withDatabase(options.adminUrl, ownDatabase!)
  const balancerPort = await freePort()
  const url = `http://127.0.0.1:${balancerPort}`
  const authSecret = crypto.randomBytes(32).toString('hex')
  const instances: Instance[] = []
  const logs = new Map<string, string[]>()
  let haproxy: ChildProcess | null = null

  const stop = async () => {
    process.off('exit', killAll)
    await Promise.all([
      ...instances.map((instance) => instance.kill('SIGTERM')),
      haproxy ? exitOf(haproxy, 'SIGTERM') : null,
    ])
    if (ownDatabase)
      await withAdmin(options.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`))
    fs.rmSync(dir, { recursive: true, force: true })
  }
  // a test that fails or a bench that crashes leaves no server behind
  const killAll = () => {
    for (const child of [...instances.map((instance) => instance.process), haproxy]) child?.kill('SIGKILL')
  }
  process.on('exit', killAll)

  try {
    // One after the other, as a rolling deployment starts them (starting together is decision 054's own test).
    for (let i = 1; i <= options.instances; i++) {
      const name = `instance${i}`
      const port = await freePort()
      const output: string[] = []
      logs.set(name, output)
      const child = spawn(NODE, [MAIN], {
        cwd: root,
        // a clean environment: the caller's own variables (vitest's BASE_URL among them) are not the operator's
        env: {
          PATH: process.env.PATH ?? '',
          HOME: os.tmpdir(),
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          BASE_URL: url,
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: authSecret,
          DATA_DIR: path.join(dir, name),
          TRUSTED_PROXIES: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      for (const stream of [child.stdout!, child.stderr!])
        stream.on('data', (chunk: Buffer) => output.push(String(chunk)))
      let isKilled = false
      // an instance that dies unasked says why (its log), or a bench's 503s would be all there is to see
      child.once('exit', (code, signal) => {
        if (!isKilled) process.stderr.write(`${name} exited (${signal ?? code}):\n${output.join('').slice(-4000)}\n`)
      })
      instances.push({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        process: child,
        rssBytes: () => rssOf(child.pid!),
        kill: (signal) => {
          isKilled = true
          return exitOf(child, signal)
        },
      })
      await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => output.join(''))
    }
    const configFile = path.join(dir, 'haproxy.cfg')
    const socket = path.join(dir, 'haproxy.sock')
    fs.writeFileSync(
      configFile,
      haproxyConfig({ port: balancerPort, socket, instances, sideRoutes: options.sideRoutes }),
    )
    const balancerOutput: string[] = []
    haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] })
    for (const stream of [haproxy.stdout!, haproxy.stderr!])
      stream.on('data', (chunk: Buffer) => balancerOutput.push(String(chunk)))
    logs.set('haproxy', balancerOutput)
    const cluster: Cluster = {
      url,
      databaseUrl,
      instances,
      serverStates: () => readServerStates(socket),
      logOf: (name) => (logs.get(name) ?? []).join(''),
      stop,
    }
    await waitUntilAllUp(cluster, haproxy)
    return cluster
  } catch (error) {
    await stop()
    throw error
  }
}

/** haproxy.cfg for the instances (and side routes) behind one frontend on the port. */
export function haproxyConfig(options: {
  port: number
  socket: string
  instances: Pick<Instance, 'name' | 'port'>[]
  sideRoutes?: { pathPrefix: string; port: number }[]
}): string {
  const sideRoutes = options.sideRoutes ?? []
  return [
    'global',
    '  maxconn 4000',
    `  stats socket ${options.socket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    // a live notification stream stays open far longer than any request
    '  timeout tunnel 1h',
    `  timeout check ${HEALTH_CHECK.timeoutMs}ms`,
    '  option forwardfor',
    // a request that could not reach its instance (refused: it just died) goes to another; one that reached it is
    // not sent twice, since a write may have happened
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    '',
    'frontend site',
    `  bind 127.0.0.1:${options.port}`,
    ...sideRoutes.flatMap((route, i) => [
      `  acl side${i} path_beg ${route.pathPrefix}`,
      `  use_backend side${i} if side${i}`,
    ]),
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    `  option httpchk GET ${HEALTH_PATH}`,
    '  http-check expect status 200',
    `  default-server check inter ${HEALTH_CHECK.intervalMs}ms fall ${HEALTH_CHECK.fall} rise ${HEALTH_CHECK.rise}`,
    '  http-response set-header X-Served-By %s',
    ...options.instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port}`),
    ...sideRoutes.flatMap((route, i) => ['', `backend side${i}`, `  server side${i} 127.0.0.1:${route.port}`]),
    '',
  ].join('\n')
}

/** `show stat` over the stats socket: the instances backend's servers and their status column. */
async function readServerStates(socket: string): Promise<Record<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    const connection = net.createConnection(socket, () => connection.end('show stat\n'))
    connection.on('data', (chunk) => chunks.push(chunk))
    connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    connection.on('error', reject)
  })
  const [header = '', ...rows] = csv.replace(/^# /, '').trim().split('\n')
  const columns = header.split(',')
  const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? ''
  const states: Record<string, string> = {}
  for (const row of rows.map((line) => line.split(','))) {
    const server = at(row, 'svname')
    if (at(row, 'pxname') === 'instances' && server !== 'BACKEND' && server !== 'FRONTEND')
      states[server] = at(row, 'status')
  }
  return states
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance at ${url} exited with ${child.exitCode}:\n${output()}`)
    const status = await fetch(`${url}${HEALTH_PATH}`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    await sleep(100)
  }
  throw new Error(`instance at ${url} did not answer ${HEALTH_PATH} within ${START_TIMEOUT_MS} ms:\n${output()}`)
}

async function waitUntilAllUp(cluster: Cluster, haproxy: ChildProcess) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (haproxy.exitCode !== null)
      throw new Error(`haproxy exited with ${haproxy.exitCode}:\n${cluster.logOf('haproxy')}`)
    const states = await cluster.serverStates().catch(() => ({}) as Record<string, string>)
    if (cluster.instances.every((instance) => states[instance.name] === 'UP')) return
    await sleep(100)
  }
  throw new Error(`the balancer did not see every instance UP:\n${cluster.logOf('haproxy')}`)
}

function exitOf(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
    // a process that ignores SIGTERM past its own shutdown deadline is killed
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  return Number(kilobytes ?? 0) * 1024
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
