import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A real S3-compatible HTTP server for tests: s3rver (a dev dependency, pure JavaScript), run in
 * this process on a free loopback port, storing in a fresh temp folder. See
 * docs/decisions/005-local-s3-server-for-tests.md for what it does and does not check.
 */
export interface LocalS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops the server and deletes everything it stored. */
  stop(): Promise<void>;
}

/** The slice of s3rver's API used here (the package ships no types). */
interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

/** s3rver's built-in account. */
const S3RVER_ACCESS_KEY = "S3RVER";

export async function startS3Server(bucket = "raccolta-test"): Promise<LocalS3Server> {
  const require = createRequire(import.meta.url);
  const S3rver = require("s3rver") as S3rverConstructor;
  const directory = await mkdtemp(path.join(tmpdir(), "raccolta-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  try {
    const { address, port } = await server.run();
    return {
      endpoint: `http://${address}:${port}`,
      bucket,
      region: "us-east-1",
      accessKeyId: S3RVER_ACCESS_KEY,
      secretAccessKey: S3RVER_ACCESS_KEY,
      async stop() {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
