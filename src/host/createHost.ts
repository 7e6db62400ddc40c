// createHost (docs/deploying.md#createhost): serves a running bot over HTTP on
// @hono/node-server, and closes gracefully: no new connection is taken, the requests in
// flight finish and are answered (a connection with no request received whole is cut), then
// close() resolves.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RuntimeError } from '@botwire/runtime'
import { serve } from '@hono/node-server'
import { type HostState, hostApp } from './hostApp.js'
import { type HostOptions, resolveHostOptions } from './hostOptions.js'
import { type OpenConnections, trackConnections } from './openConnections.js'
import { servedBots } from './servedBots.js'

export interface Host {
  /** where it listens, `http://127.0.0.1:3000` say */
  readonly url: string
  /** stops taking connections, lets the requests in flight finish, then resolves; the runtime stays open (close it after) */
  close(): Promise<void>
}

export async function createHost(options: HostOptions): Promise<Host> {
  const resolved = resolveHostOptions(options)
  const served = servedBots(options)
  let server: Server | undefined
  let connections: OpenConnections | undefined
  const state: HostState = {
    closing: false,
    answered: () => setImmediate(() => server?.closeIdleConnections()),
  }
  const app = hostApp(resolved, served, state)
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: resolved.hostname, port: resolved.port }, resolve) as Server
    started.once('error', (error) =>
      reject(
        new RuntimeError('INVALID_HOST_OPTIONS', `createHost: cannot listen on ${resolved.hostname}:${resolved.port}: ${error.message}`, { cause: error }),
      ),
    )
    server = started
    connections = trackConnections(started)
  })
  const listening = server as Server
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let closed: Promise<void> | undefined
  return {
    url: `http://${host}:${address.port}`,
    close: () => {
      closed ??= new Promise<void>((resolve, reject) => {
        state.closing = true
        listening.close((error) => (error ? reject(error) : resolve()))
        listening.closeIdleConnections()
        connections?.cutUnfinished()
      })
      return closed
    },
  }
}
