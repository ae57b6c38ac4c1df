// A TCP proxy the test controls, to take a database (or anything) away and give it back:
// - cut(): stop listening and drop every connection — "connection refused" from then on, the way a
//   stopped database or a closed firewall port looks;
// - stall(): accept connections but forward nothing, and stop forwarding on open ones — a network
//   partition, where only time-outs end a wait;
// - restore(): drop what the stall kept open, listen again on the same port, forward normally.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted since start (stalled ones included). */
  readonly connections: number;
  cut(): Promise<void>;
  stall(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'stalled' = 'open';
  let connections = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    connections += 1;
    track(client);
    if (mode === 'stalled') {
      client.pause(); // accepted, never answered
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('close', () => b.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => (server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve());
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get connections() {
      return connections;
    },
    cut: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    stall: async () => {
      mode = 'stalled';
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
      if (!server.listening) await listen(port);
    },
    restore: async () => {
      if (mode === 'stalled') dropAll();
      mode = 'open';
      if (!server.listening) await listen(port);
    },
    close: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
