import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

/** A loopback port nothing listens on (taken, then freed): a connection to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * A maker of HTTP servers on 127.0.0.1 (port 0), each closed after the current test: call it in a
 * `describe` body or at a file's top level. The maker answers each server's port.
 *
 * @example const serve = loopbackServers(); const port = await serve((_req, res) => res.end('ok'))
 */
export function loopbackServers(): (handler: (req: IncomingMessage, res: ServerResponse) => void) => Promise<number> {
  const servers: Server[] = []
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closeAllConnections()
            s.close(() => resolve())
          }),
      ),
    )
  })
  return async (handler) => {
    const server = createServer(handler)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }
}

/** A request's whole body, as UTF-8 text (what a test receiver got). */
export function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
