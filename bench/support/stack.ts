import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { type Anchor, startAnchor } from "./anchor.ts";
import { type BenchHost, startHost } from "./host.ts";

export interface BenchStack {
  smtp: LocalSmtpServer;
  host: BenchHost;
  anchor: Anchor;
  /** Stops the anchor, the host and the SMTP server. */
  stop(): Promise<void>;
}

/**
 * What every page benchmark measures: the production build (`npm run build` first) with a local
 * SMTP server for its mail and address limits eased for the many sign-ups of a run, and the
 * minimal Remix anchor beside it. If one part fails to start, the parts already started stop.
 */
export async function startBenchStack(hostEnv: Record<string, string> = {}): Promise<BenchStack> {
  const smtp = await new LocalSmtpServer().start();
  const host = await startHost({
    SMTP_URL: smtp.url,
    ADDRESS_RATE_LIMIT_FACTOR: "50",
    ...hostEnv,
  }).catch(async (error: unknown) => {
    await smtp.stop();
    throw error;
  });
  // The anchor's first start installs and builds it: if that fails, the host still stops.
  const anchor = await startAnchor().catch(async (error: unknown) => {
    await host.stop();
    await smtp.stop();
    throw error;
  });
  return {
    smtp,
    host,
    anchor,
    async stop() {
      await anchor.stop();
      await host.stop();
      await smtp.stop();
    },
  };
}
