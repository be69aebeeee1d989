import net from "node:net";

/**
 * A loopback TCP proxy in front of a real server, so a test can cut the
 * network between the app and its database and restore it.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let server: net.Server | undefined;
  let port = 0;
  let stalled = false;

  async function listen() {
    server = net.createServer((client) => {
      sockets.add(client);
      client.on("close", () => sockets.delete(client));
      client.on("error", () => client.destroy());
      // A stalled link accepts and then says nothing, like a network that drops packets.
      if (stalled) return;
      const upstream = net.connect(target.port, target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      pairs.add(pair);
      client.on("close", () => pairs.delete(pair));
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server!.address() as net.AddressInfo).port;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and drops every open one. */
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    /** Keeps every connection open but forwards nothing, either way. */
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    /** Ends a stall: drops the silent connections so clients reconnect. */
    unstall() {
      stalled = false;
      for (const s of sockets) s.destroy();
    },
    /** Accepts connections again on the same port. */
    restore: listen,
  };
}
