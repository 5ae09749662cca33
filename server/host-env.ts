import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { PageReads } from "#api/http/page-reads.ts";

export interface HostEnv {
  /**
   * What came with the request: Node's own request for one from the network (@hono/node-server);
   * for the web tier's in-process API calls, the reads its page shares (api/http/page-reads.ts).
   * Nothing a client sends can set these.
   */
  Bindings: { incoming?: IncomingMessage; pageReads?: PageReads } | undefined;
  Variables: {
    logger: Logger;
    cspNonce: string;
    clientIp: string;
    requestId: string;
  };
}
