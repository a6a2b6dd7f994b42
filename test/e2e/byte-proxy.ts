/**
 * A byte-counting TCP proxy on the loopback address: what a browser sends to the server and what
 * comes back, counted as the bytes cross it (request and answer heads and bodies, WebSocket
 * handshakes and frames, uploads), the way a phone's carrier counts them above TCP.
 */
import net from 'node:net';

export interface ByteProxy {
  /** `http://127.0.0.1:<port>`: a page opened here talks to the server only through the proxy. */
  url: string;
  /** Bytes from the server to the browser so far. */
  received(): number;
  /** Bytes from the browser to the server so far. */
  sent(): number;
  /** Each request line the browser sent, with what crossed that connection until the next one. */
  requests(): Array<{ line: string; sent: number; received: number }>;
  close(): Promise<void>;
}

const REQUEST_LINE = /^([A-Z]+ \S+) HTTP\/1\.1\r\n/;

export async function startByteProxy(serverPort: number): Promise<ByteProxy> {
  let down = 0;
  let up = 0;
  const log: Array<{ line: string; sent: number; received: number }> = [];
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((browser) => {
    const server = net.connect(serverPort, '127.0.0.1');
    sockets.add(browser).add(server);
    // Requests on one keep-alive connection follow each other: bytes go to the latest one.
    let current: (typeof log)[number] | null = null;
    browser.on('data', (chunk) => {
      up += chunk.length;
      const line = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)))?.[1];
      if (line) log.push((current = { line, sent: 0, received: 0 }));
      if (current) current.sent += chunk.length;
    });
    server.on('data', (chunk) => {
      down += chunk.length;
      if (current) current.received += chunk.length;
    });
    browser.pipe(server);
    server.pipe(browser);
    const end = () => {
      browser.destroy();
      server.destroy();
      sockets.delete(browser);
      sockets.delete(server);
    };
    browser.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => down,
    sent: () => up,
    requests: () => log.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}
