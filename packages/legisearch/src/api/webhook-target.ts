/**
 * Where a webhook may go: public addresses only, unless the operator allows private ones. A saved
 * search's owner (an HTTP client with `monitors`, an agent under `legisearch mcp --writable`) must
 * not make this server POST into its own machine or network (SSRF): loopback, private, link-local
 * (cloud metadata at 169.254.169.254), unspecified, multicast and reserved addresses are refused,
 * by literal at save time and by every resolved address at send time (before connecting, so a
 * name that resolves elsewhere later — DNS rebinding — is caught on the connection itself).
 */
import type { LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/** The address ranges refused, by the word a message says of them. */
const RANGES: readonly (readonly [kind: string, network: string, prefix: number])[] = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['shared (carrier-grade NAT)', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['private', '192.168.0.0', 16],
  ['reserved (benchmarking)', '198.18.0.0', 15],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  // IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1 to some stacks.
  ['reserved (IPv4-compatible)', '::', 96],
  ['private (unique local)', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['reserved (site-local)', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
]

let lists: readonly (readonly [string, BlockList])[] | undefined

/**
 * One BlockList per kind, most specific kinds first (`::1` is loopback before IPv4-compatible):
 * built on first use (a webhook saved or sent), not when the library loads.
 */
function listsOf(): readonly (readonly [string, BlockList])[] {
  if (lists === undefined) {
    const byKind = new Map<string, BlockList>()
    for (const [kind, network, prefix] of RANGES) {
      const list = byKind.get(kind) ?? new BlockList()
      list.addSubnet(network, prefix, network.includes(':') ? 'ipv6' : 'ipv4')
      byKind.set(kind, list)
    }
    lists = [...byKind]
  }
  return lists
}

/**
 * What kind of refused address `ip` is (`loopback`, `private`, `link-local`…), or undefined for a
 * public one (or not an IP). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as its IPv4 address.
 *
 * @example blockedKind('169.254.169.254') // 'link-local'
 */
export function blockedKind(ip: string): string | undefined {
  const family = isIP(ip)
  if (family === 0) return undefined
  const type = family === 4 ? 'ipv4' : 'ipv6'
  // BlockList judges an IPv4-mapped address by its IPv4 rules, and an IPv4 one by mapped IPv6 rules.
  for (const [kind, list] of listsOf()) if (list.check(ip, type)) return kind
  return undefined
}

/** A URL's host as compared: without IPv6 brackets or a trailing dot, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase()
}

/**
 * Why a webhook URL's host is refused without resolving it (a literal refused address, or a
 * `localhost` name), or undefined: what a save checks. A name is judged again when it is sent.
 *
 * @example refusedHost('http://[::1]:8080/hook') // '::1 is a loopback address'
 */
export function refusedHost(url: string): string | undefined {
  const host = bareHost(new URL(url).hostname)
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} names this machine (loopback)`
  const kind = blockedKind(host)
  return kind === undefined ? undefined : `${host} is ${article(kind)} ${kind} address`
}

/** `a` or `an` before a word. */
function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a'
}

/** A delivery refused for where it would go: not tried again. */
export class RefusedTargetError extends Error {
  override readonly name = 'RefusedTargetError'
}

/** Resolves a host name to every address it has (as `dns.lookup` with `all`). */
export type Resolver = (host: string, family: number) => Promise<LookupAddress[]>

/** The words of a refused target: what it is, and how an operator allows it. */
export function refusedText(what: string, ip: string): string {
  const kind = blockedKind(ip) ?? 'refused'
  return `${what}, ${article(kind)} ${kind} address: webhooks go to public addresses only (${ALLOW_HINT})`
}

/** How an operator allows webhooks to private addresses. */
export const ALLOW_HINT =
  'an operator allows private ones with openSnapshot(path, { webhooks: { allowPrivate: true } }) or --webhooks-allow-private'
