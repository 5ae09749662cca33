import type { Logger } from "pino";

/** Variables every API handler can read from the Hono context. */
export interface ApiEnv {
  Variables: {
    logger: Logger;
  };
}
