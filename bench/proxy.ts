import net from 'node:net';

// The two-process mode's front: a round-robin TCP proxy on 127.0.0.1, as small as a load balancer in
// front of several app processes gets. Each client connection is piped whole to the next backend in
// turn (autocannon's keep-alive connections spread evenly over the processes). setBackends() changes
// the rotation for connections made after it, so one and two processes are measured behind the same
// proxy, one after the other.

export type Proxy = { base: string; setBackends: (ports: number[]) => void; stop: () => Promise<void> };

export function startProxy(ports: number[]): Promise<Proxy> {
  let backends = [...ports];
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const port = backends[next++ % backends.length] as number;
    const upstream = net.connect({ host: '127.0.0.1', port });
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        base: `http://127.0.0.1:${port}`,
        setBackends: (list) => {
          if (!list.length) throw new Error('the proxy needs a backend');
          backends = [...list];
          next = 0;
        },
        stop: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
