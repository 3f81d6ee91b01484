import { EventEmitter, once } from 'node:events';
import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

/**
 * A TCP forwarder between a server under test and PostgreSQL that the test can cut and restore,
 * so an outage can be simulated without stopping the shared cluster other tests use.
 * - forward: connections are piped to the target.
 * - refuse: open connections are reset and new ones closed at once (server stopped, restarting).
 * - blackhole: open connections are reset and new ones accepted but never answered
 *   (a network partition: only timeouts end the wait).
 */
export class TcpProxy {
  private mode: ProxyMode = 'forward';
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  private readonly traffic = new EventEmitter();

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Cuts every open connection and handles new ones according to the mode. */
  setMode(mode: ProxyMode): void {
    this.mode = mode;
    if (mode !== 'forward') for (const socket of this.sockets) socket.destroy();
  }

  /** Resolves when a client next sends bytes towards PostgreSQL (a statement is on its way). */
  async nextClientData(): Promise<void> {
    await once(this.traffic, 'client-data');
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'blackhole') {
      client.pause();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.on('data', () => this.traffic.emit('client-data'));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
