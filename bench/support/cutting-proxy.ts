import net from "node:net";

export interface CuttingProxy {
  /** `http://127.0.0.1:<port>`: what the browser opens instead of the host. */
  origin: string;
  /** Client→server bytes forwarded since the last reset. */
  readonly sent: number;
  /** Times every open connection was cut since the last reset. */
  readonly cuts: number;
  /**
   * Cut every open connection each time this many more client→server bytes have passed; null
   * never cuts.
   */
  cutEveryBytes: number | null;
  /**
   * The link's speed from client to server in bytes a second, shared by every connection; null
   * forwards as fast as loopback.
   */
  bytesPerSecond: number | null;
  /** Zeroes the counts (not the connections). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port in front of `targetPort`, for a link that drops: it
 * forwards both ways, counts what the client sends, and (with cutEveryBytes) destroys every open
 * connection each time that many more bytes have come from clients, as a phone's network does
 * when it changes cell or loses signal: the browser sees its connections reset, not HTTP errors.
 * With bytesPerSecond, what the client sends is paced at that speed, as a phone's uplink. Raw TCP, so the Host and Origin the browser sends are the proxy's own: the host
 * takes them as its own origin (server/security.ts).
 */
export async function startCuttingProxy(
  targetPort: number,
  { cutEveryBytes = null as number | null, bytesPerSecond = null as number | null } = {},
): Promise<CuttingProxy> {
  const open = new Set<net.Socket>();
  let sent = 0;
  let cuts = 0;
  let sinceCut = 0;
  /** When the link is free again (performance.now() ms), with bytesPerSecond. */
  let linkFreeAt = 0;
  const state = { cutEveryBytes, bytesPerSecond };
  const cutAll = () => {
    cuts += 1;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    open.add(client);
    open.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      sinceCut += chunk.length;
      const flushed = upstream.write(chunk);
      const every = state.cutEveryBytes;
      if (every !== null && sinceCut >= every) {
        sinceCut -= every;
        cutAll();
        return;
      }
      // The next chunk waits for the server to take this one, and for the link's pace.
      const rate = state.bytesPerSecond;
      let wait = 0;
      if (rate !== null) {
        linkFreeAt = Math.max(linkFreeAt, performance.now()) + (chunk.length / rate) * 1000;
        wait = linkFreeAt - performance.now();
      }
      if (flushed && wait < 1) return;
      client.pause();
      const drained = flushed
        ? Promise.resolve()
        : new Promise((resolve) => upstream.once("drain", resolve));
      const paced = new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      void Promise.all([drained, paced]).then(() => client.resume());
    });
    client.on("end", () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get sent() {
      return sent;
    },
    get cuts() {
      return cuts;
    },
    get cutEveryBytes() {
      return state.cutEveryBytes;
    },
    set cutEveryBytes(value: number | null) {
      state.cutEveryBytes = value;
    },
    get bytesPerSecond() {
      return state.bytesPerSecond;
    },
    set bytesPerSecond(value: number | null) {
      state.bytesPerSecond = value;
    },
    reset() {
      sent = 0;
      cuts = 0;
      sinceCut = 0;
    },
    async close() {
      for (const socket of open) socket.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
