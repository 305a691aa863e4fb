import { connect, createServer, type Server, type Socket } from 'node:net';

export interface CuttingProxy {
  port: number;
  /** Every request head the client sent through the proxy (method, path and headers; bodies by Content-Length). */
  requests(): string[];
  /** Bytes the client sent through the proxy, in total. */
  bytesSent(): number;
  /** Whether the connection was cut. */
  cut(): boolean;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of the app that drops the connection once, in the middle of a request: when
 * the client has sent `cutAfterBytes` bytes in all, those are passed on and both sides are reset, as a lost
 * network would leave them (the client at once, the app once it has read what arrived). New connections are then served normally, so a client that resumes can finish.
 */
export async function startCuttingProxy(target: { port: number }, cutAfterBytes: number): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let sent = 0;
  let wasCut = false;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Request heads, for the test to read the offsets they name: each head is read, then its body skipped.
    let head = '';
    let bodyLeft = 0;
    const read = (chunk: Buffer) => {
      let rest = chunk;
      while (rest.length > 0) {
        if (bodyLeft > 0) {
          const skipped = Math.min(bodyLeft, rest.length);
          bodyLeft -= skipped;
          rest = rest.subarray(skipped);
          continue;
        }
        head += rest.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.slice(0, end);
        requests.push(text);
        bodyLeft = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? 0);
        rest = Buffer.from(head.slice(end + 4), 'latin1');
        head = '';
      }
    };
    client.on('data', (chunk: Buffer) => {
      read(chunk);
      if (!wasCut && sent + chunk.length >= cutAfterBytes) {
        wasCut = true;
        // The bytes before the cut reach the app (a reset at once could make its kernel drop them unread).
        upstream.write(chunk.subarray(0, cutAfterBytes - sent), () => {
          client.resetAndDestroy();
          setTimeout(() => upstream.resetAndDestroy(), 100);
        });
        sent = cutAfterBytes;
        return;
      }
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    requests: () => [...requests],
    bytesSent: () => sent,
    cut: () => wasCut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
