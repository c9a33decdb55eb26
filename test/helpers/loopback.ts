import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback port nothing listens on (taken, then freed): a connection to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
