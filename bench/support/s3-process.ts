import { startS3Server } from "#tests/api/support/s3-server.ts";

/**
 * The local S3-compatible server (s3rver) in a process of its own, so the API process's memory
 * is the API's alone. Prints its settings as one JSON line, then serves until killed.
 */
const s3 = await startS3Server("raccolta-bench");
const { stop, ...settings } = s3;
process.stdout.write(`${JSON.stringify(settings)}\n`);
process.on("SIGTERM", async () => {
  await stop();
  process.exit(0);
});
