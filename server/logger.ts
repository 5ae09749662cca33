import { pino } from "pino";
import { logContext } from "#api/request-context.ts";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/**
 * JSON lines in production; readable, coloured lines in development (pino-pretty, a dev
 * dependency). Each line written while serving a request, or running a job it enqueued, carries
 * that request's `requestId`.
 */
export function createLogger(config: Pick<Config, "env" | "logLevel">): Logger {
  if (config.env === "development") {
    return pino({
      level: config.logLevel,
      mixin: logContext,
      transport: {
        target: "pino-pretty",
        options: { ignore: "pid,hostname", translateTime: "HH:MM:ss" },
      },
    });
  }
  return pino({ level: config.logLevel, mixin: logContext });
}
