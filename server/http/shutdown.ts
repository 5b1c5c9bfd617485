/**
 * A stop that does not wait on idle connections. Fastify's close() waits for every open connection
 * before its onClose hooks run, and Node's server.close() ends only the connections that are idle at
 * that instant. Two kinds stay open long after it:
 * - a keep-alive connection whose request was in flight at that instant: idle once answered, it is
 *   kept for the whole keep-alive time (Fastify's 72 s);
 * - a socket a browser opened ahead of need and has sent nothing on: Node counts it as busy, and
 *   stops checking its time-outs once the server closes, so it stays until the browser drops it.
 * Either holds a deploy's stop past main.ts's 10 s, and the process is then ended by force.
 *
 * `drain()` ends every connection with no request in flight at once (and any that opens after),
 * answers each request in flight with `Connection: close`, and ends its connection once answered.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export function connectionDrainer(server: Server) {
  /** Each open connection, with its responses not yet sent. */
  const open = new Map<Socket, Set<ServerResponse>>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy();
      return;
    }
    open.set(socket, new Set());
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const responses = open.get(socket);
    if (!responses) return;
    responses.add(response);
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      responses.delete(response);
      if (draining && responses.size === 0) socket.end();
    });
  });

  return {
    drain() {
      draining = true;
      for (const [socket, responses] of open) {
        if (responses.size === 0) socket.destroy();
        else for (const response of responses) if (!response.headersSent) response.setHeader('connection', 'close');
      }
    },
  };
}
