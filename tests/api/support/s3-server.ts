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
  /** s3rver is a Koa application: its middleware, in order. */
  middleware: KoaMiddleware[];
}
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
  request: { length?: number };
  response: { get(field: string): string };
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
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
  server.middleware.unshift(multipartPartsMiddleware());
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

/**
 * What s3rver lacks of multipart uploads and @tus/s3-store needs: ListParts (GET with
 * `uploadId`) and AbortMultipartUpload (DELETE with `uploadId`). The parts s3rver accepts are
 * noted as they pass (number, ETag, size) and listed back from that note, as S3 would.
 */
function multipartPartsMiddleware(): KoaMiddleware {
  const uploads = new Map<string, Map<number, { etag: string; size: number; at: Date }>>();
  const xml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (uploadId === undefined) return next();
    const [, bucket = "", ...keyParts] = ctx.path.split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    if (ctx.method === "GET") {
      const parts = [...(uploads.get(uploadId) ?? new Map()).entries()].sort(([a], [b]) => a - b);
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>` +
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key>` +
        `<UploadId>${xml(uploadId)}</UploadId><MaxParts>10000</MaxParts>` +
        `<IsTruncated>false</IsTruncated>` +
        parts
          .map(
            ([number, part]) =>
              `<Part><PartNumber>${number}</PartNumber>` +
              `<LastModified>${part.at.toISOString()}</LastModified>` +
              `<ETag>${xml(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
          )
          .join("") +
        `</ListPartsResult>`;
      return;
    }
    if (ctx.method === "DELETE") {
      uploads.delete(uploadId);
      ctx.status = 204;
      return;
    }
    await next();
    const partNumber = Number(ctx.query.partNumber);
    if (ctx.method === "PUT" && ctx.status === 200 && Number.isInteger(partNumber)) {
      const parts = uploads.get(uploadId) ?? new Map();
      parts.set(partNumber, {
        etag: ctx.response.get("ETag"),
        size: ctx.request.length ?? 0,
        at: new Date(),
      });
      uploads.set(uploadId, parts);
    }
    if (ctx.method === "POST" && ctx.status === 200) uploads.delete(uploadId);
  };
}
