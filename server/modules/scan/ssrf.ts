// Server-side request forgery guard for every URL a user makes us fetch or clone (docs/scanner.md "Safety").
// Names are resolved by us and every address checked; connections then go to the checked address (a custom
// lookup for HTTP, curl's resolve pin for git), so a name cannot resolve differently between check and connect.
import dns from 'node:dns'
import net from 'node:net'

export class ScanRefusedError extends Error {
  readonly reason: 'scheme' | 'private_address' | 'unresolvable' | 'not_html' | 'too_many_redirects' | 'fetch_failed'
  constructor(reason: ScanRefusedError['reason'], message: string) {
    super(message)
    this.reason = reason
  }
}

export const PRIVATE_ADDRESS_MESSAGE = 'This address is on a private network and cannot be scanned.'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export interface NetworkPolicy {
  /** config.scanAllowPrivateNetworks: tests and internal installations may scan loopback and private hosts. */
  allowPrivateNetworks: boolean
  /** Name resolution; dns.lookup by default (tests inject their own). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /** Whether an address is refused; isBlockedAddress by default (tests narrow it to reach a local fixture). */
  isBlocked?: (address: string) => boolean
}

const blockedV4 = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4')
}
// Azure's wire server and instance metadata live on a public address
blockedV4.addAddress('168.63.129.16', 'ipv4')

const blockedV6 = new net.BlockList()
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6')
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase()
  if (net.isIPv6(text) === false) return null
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number)
    text = text.replace(
      dotted[1]!,
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`,
    )
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  const groups = [...headGroups, ...(text.includes('::') ? Array(missing).fill('0') : []), ...tailGroups]
  return groups.length === 8 ? groups.map((group) => Number.parseInt(group, 16)) : null
}

function ipv4FromGroups(high: number, low: number): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
}

/** IPv4 addresses hidden in IPv6 forms: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64, 6to4. */
export function embeddedIPv4(address: string): string | null {
  const groups = ipv6Groups(address)
  if (!groups) return null
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  if (zeros(0, 5) && groups[5] === 0xffff) return ipv4FromGroups(groups[6]!, groups[7]!)
  if (zeros(0, 6) && (groups[6]! > 0 || groups[7]! > 1)) return ipv4FromGroups(groups[6]!, groups[7]!)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4FromGroups(groups[6]!, groups[7]!)
  if (groups[0] === 0x2002) return ipv4FromGroups(groups[1]!, groups[2]!)
  return null
}

/** Loopback, private, link-local, multicast, carrier-grade NAT, reserved and cloud-metadata addresses. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!
  if (net.isIPv4(bare)) return blockedV4.check(bare, 'ipv4')
  if (!net.isIPv6(bare)) return true
  const inner = embeddedIPv4(bare)
  if (inner) return blockedV4.check(inner, 'ipv4')
  return blockedV6.check(bare, 'ipv6')
}

/** Names that only mean something inside a network, refused before any lookup. */
export function isInternalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return (
    name === 'localhost' ||
    /\.(localhost|local|internal|intranet|lan|home\.arpa|corp)$/.test(name) ||
    name === 'metadata' ||
    !name.includes('.')
  )
}

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const addresses = await dns.promises.lookup(hostname, { all: true, verbatim: true })
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

/**
 * Checks what can be checked without resolving: an IP literal's address and internal-only names. Returns the host
 * without IPv6 brackets.
 */
export function assertHostAllowed(hostname: string, policy: NetworkPolicy): string {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (policy.allowPrivateNetworks) return host
  const refused = net.isIP(host) ? (policy.isBlocked ?? isBlockedAddress)(host) : isInternalHostname(host)
  if (refused) throw new ScanRefusedError('private_address', PRIVATE_ADDRESS_MESSAGE)
  return host
}

/**
 * The addresses to connect to for a host, each checked: refuses internal names and, unless private networks are
 * allowed, any name with a blocked address among its answers (an attacker's DNS may mix public and private ones).
 */
export async function resolveAllowedAddresses(hostname: string, policy: NetworkPolicy): Promise<ResolvedAddress[]> {
  const host = assertHostAllowed(hostname, policy)
  const isBlocked = policy.isBlocked ?? isBlockedAddress
  const literal = net.isIP(host)
  if (literal) return [{ address: host, family: literal === 6 ? 6 : 4 }]
  let addresses: ResolvedAddress[]
  try {
    addresses = await (policy.resolve ?? defaultResolve)(host)
  } catch {
    throw new ScanRefusedError('unresolvable', `We could not find the host ${host}.`)
  }
  if (addresses.length === 0) throw new ScanRefusedError('unresolvable', `We could not find the host ${host}.`)
  if (!policy.allowPrivateNetworks && addresses.some(({ address }) => isBlocked(address))) {
    throw new ScanRefusedError('private_address', PRIVATE_ADDRESS_MESSAGE)
  }
  return addresses
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for http.request / net.connect that answers only checked addresses, so the socket connects to exactly
 * what was checked (no second resolution an attacker could change: DNS rebinding).
 */
export function createSafeLookup(policy: NetworkPolicy) {
  return (hostname: string, options: dns.LookupOptions | number | undefined, callback: LookupCallback) => {
    const all = typeof options === 'object' && options?.all === true
    resolveAllowedAddresses(hostname, policy).then(
      (addresses) => {
        if (all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: Error) => callback(Object.assign(error, { code: 'ESCANREFUSED' }) as NodeJS.ErrnoException, ''),
    )
  }
}
