import { defineCommand } from 'citty'
import { openApiDocument } from '@legisearch/server'

export default defineCommand({
  meta: { name: 'openapi', description: 'Prints the OpenAPI 3.1.0 document of the HTTP API (as `serve` answers at /openapi.json)' },
  run: () => {
    process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`)
  },
})
