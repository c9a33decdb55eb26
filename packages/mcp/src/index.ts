/**
 * @legisearch/mcp — a Model Context Protocol server over a legisearch snapshot: the searches, the
 * watchlist, screening and (when writable) saved searches and alerts as tools, over stdio.
 */
export { createMcpServer, serveMcp } from './server.js'
export type { McpOptions } from './server.js'
