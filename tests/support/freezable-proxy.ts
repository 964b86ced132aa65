import net from "node:net";

/**
 * A TCP relay in front of PostgreSQL that can freeze: while frozen, it passes nothing either way
 * and new connections are accepted but get no answer, as from a database host that stopped (a
 * SIGSTOP, a VM paused, a network that drops packets) while its sockets stay open.
 */
export interface FreezableProxy {
  /** `url` with its host and port replaced by the relay's. */
  url: string;
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
}

export async function startFreezableProxy(url: string): Promise<FreezableProxy> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  // What arrived while frozen, per destination, delivered on thaw.
  const held: { to: net.Socket; data: Buffer }[] = [];
  let frozen = false;
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on("data", (data: Buffer) => {
      if (frozen) held.push({ to, data });
      else to.write(data);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
