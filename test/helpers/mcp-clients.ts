import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

/**
 * The three official SDK clients a suite drives the MCP endpoint with: SDK v1 (2025 era), SDK v2 pinned to the 2025
 * era, and SDK v2 negotiating (2026-07-28). Each connects over real HTTP; both generations' clients name their
 * methods alike, so a suite types the client by the methods it calls (`T`).
 */
export function sdkClients<T>(url: () => string, name: string): Array<[string, () => Promise<T>]> {
  const v1 = async () => {
    const client = new ClientV1({ name: `${name}-v1`, version: '1.0.0' })
    await client.connect(new TransportV1(new URL(url())))
    return client as unknown as T
  }
  const v2 = (mode: 'legacy' | 'auto') => async () => {
    const client = new Client({ name: `${name}-v2`, version: '2.0.0' }, { versionNegotiation: { mode } })
    await client.connect(new StreamableHTTPClientTransport(new URL(url())))
    return client as unknown as T
  }
  return [
    ['SDK v1 client (2025 era)', v1],
    ['SDK v2 client, legacy mode (2025 era)', v2('legacy')],
    ['SDK v2 client, auto negotiation (2026-07-28)', v2('auto')],
  ]
}
