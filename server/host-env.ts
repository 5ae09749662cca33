import type { Logger } from "pino";

export interface HostEnv {
  Variables: {
    logger: Logger;
    cspNonce: string;
    clientIp: string;
    requestId: string;
  };
}
