import type { Logger } from "pino";

/** Variables every API handler can read from the Hono context. */
export interface ApiEnv {
  Variables: {
    logger: Logger;
    /**
     * The client's address as the host determined it (the socket's, or the proxy's last
     * X-Forwarded-For entry with TRUST_PROXY). The API never reads forwarding headers itself.
     */
    clientIp: string;
  };
}
