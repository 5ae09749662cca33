import { pino } from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** JSON lines in production; readable, coloured lines in development (pino-pretty, a dev dependency). */
export function createLogger(config: Pick<Config, "env" | "logLevel">): Logger {
  if (config.env === "development") {
    return pino({
      level: config.logLevel,
      transport: {
        target: "pino-pretty",
        options: { ignore: "pid,hostname", translateTime: "HH:MM:ss" },
      },
    });
  }
  return pino({ level: config.logLevel });
}
