/** A socket client for tests: every text the server sends, in order, with a timeout per wait. */
import WebSocket from 'ws';

export class TestSocket {
  private readonly queue: string[] = [];
  private waiter?: (text: string) => void;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = undefined;
        w(text);
      } else this.queue.push(text);
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url: string): Promise<TestSocket> {
    const socket = new WebSocket(url);
    // Listening before the open: a frame sent with the handshake's answer comes in the same tick.
    const client = new TestSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(text: string): void {
    this.socket.send(text);
  }

  /** The next text from the server; fails after `ms`. */
  next(ms = 3000): Promise<string> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no message within ${ms} ms`));
      }, ms);
      this.waiter = (text) => {
        clearTimeout(timer);
        resolve(text);
      };
    });
  }

  async nextJson<T = Record<string, unknown>>(ms?: number): Promise<T> {
    return JSON.parse(await this.next(ms)) as T;
  }

  /** Messages received and not yet read. */
  get pending(): readonly string[] {
    return this.queue;
  }

  close(): void {
    this.socket.close();
  }
}
