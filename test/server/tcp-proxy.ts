/**
 * A TCP relay a test can cut silently: `freeze()` drops every byte and every close from then on
 * in both directions, as a network cut does, so neither end hears that the other has gone.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  freeze(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  };
  // Half-open allowed: a socket that hears an end does not answer with its own, and a frozen relay
  // answers nothing.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port, host, allowHalfOpen: true });
    track(client);
    track(upstream);
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
      from.on('end', () => {
        if (!frozen) to.end();
      });
      from.on('close', () => {
        if (!frozen) to.destroy();
      });
    };
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze: () => void (frozen = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
