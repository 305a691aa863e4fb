import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The database goes away: every open connection is reset and new ones are refused. */
  cut(): Promise<void>;
  /**
   * The network stalls (a partition, a frozen server): open connections stay open but carry nothing, and
   * new ones are accepted and then left unanswered.
   */
  stall(): void;
  /** The database is back on the same port (stalled connections are reset, as a partition's would be). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of another server (PostgreSQL), so a test can take the database away
 * from one app and give it back, without touching the shared server that others use.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        if (stalled) {
          sockets.add(client);
          client.on('close', () => sockets.delete(client));
          client.on('error', () => client.destroy());
          return;
        }
        const upstream = connect(target.port, target.host);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        client.on('close', () => pairs.delete(pair));
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          // A reset on one side is passed on as a reset of the other; nothing is thrown.
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });

  const stop = async () => {
    stalled = false;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    pairs.clear();
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (stalled) await stop();
      await listen();
    },
    close: stop,
  };
}
