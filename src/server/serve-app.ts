import { DEFAULT_LISTENER_LIMITS } from '../surfaces/mcp/resource-listeners.ts'
import { createApp, type AppDeps } from './create-app.ts'
import { defaultMaxConnections } from './fd-limit.ts'
import { DEFAULT_IDLE_TIMEOUT_MS, startServer, type RunningServer, type ServerOptions } from './start-server.ts'

/**
 * The application served as `newsdesk serve` serves it: built by createApp and listening through startServer with
 * the response front (cached GETs, cached agent calls) before the framework. One place, so `serve`, the tests'
 * in-process service and the security harness cannot drift apart in how requests reach the app.
 */
export async function serveApp(deps: AppDeps, listen: Omit<ServerOptions, 'front'>): Promise<ReturnType<typeof createApp> & { server: RunningServer }> {
  // An upstream gets half the idle timeout: the reader's 504 goes out while its socket is still open.
  // MCP subscription streams hold a connection each: at most half the connection cap, so readers always get in.
  const maxListeners = Math.min(deps.listenerLimits?.maxListeners ?? DEFAULT_LISTENER_LIMITS.maxListeners,
    Math.floor((listen.maxConnections ?? defaultMaxConnections()) / 2))
  const built = createApp({
    upstreamWaitMs: Math.floor((listen.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS) / 2),
    ...deps,
    listenerLimits: { ...deps.listenerLimits, maxListeners },
  })
  const running = await startServer(built.app, { ...listen, front: built.front })
  // Open MCP subscription streams would hold the close until their idle timeout: they end first.
  const server: RunningServer = { ...running, close: async () => { built.listeners.close(); await running.close() } }
  return { ...built, server }
}
