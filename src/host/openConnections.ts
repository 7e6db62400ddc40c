// The host's open connections, each with the request it is receiving or answering, so that
// close() ends (docs/deploying.md#stopping-the-host): a connection that has sent no request,
// or only part of one (headers, or a body that never ends), is cut at close rather than
// waited for, as any client could hold the close that way for minutes (Node's own request
// timeouts); a request received whole finishes and is answered.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export interface OpenConnections {
  /** cuts every connection with no request received whole: nothing was handed to a handler whole */
  cutUnfinished(): void
}

export function trackConnections(server: Server): OpenConnections {
  /** socket -> the request it is receiving or answering; undefined between requests */
  const open = new Map<Socket, IncomingMessage | undefined>()
  server.on('connection', (socket: Socket) => {
    open.set(socket, undefined)
    socket.once('close', () => open.delete(socket))
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    open.set(req.socket, req)
    res.once('finish', () => {
      if (open.get(req.socket) === req) open.set(req.socket, undefined)
    })
  })
  return {
    cutUnfinished: () => {
      // on the next turn of the event loop: a request whose last bytes came with its headers
      // is complete only once the parser has gone on past the handler it started
      setImmediate(() => {
        for (const [socket, req] of open) if (req === undefined || !req.complete) socket.destroy()
      })
    },
  }
}
