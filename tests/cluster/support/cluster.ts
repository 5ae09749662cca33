import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { type LocalS3Server, startS3Server } from "#tests/api/support/s3-server.ts";
import { freePort, type Instance, startInstance } from "#tests/e2e/support/instances.ts";
import {
  documentedServerBlock,
  type Nginx,
  replaceOnce,
  startNginxWith,
  withTls,
} from "#tests/e2e/support/nginx.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";

/*
 * The cluster of docs/operations.md ("A cluster behind nginx"), from the production build: two
 * ROLE=web and two ROLE=api instances, one fresh PostgreSQL database, one S3 bucket (s3rver),
 * one SMTP server, and Debian's nginx in front with the documented configuration: TLS on a free
 * port for browsers, a private listener for the web tier's API_URL. Every instance has the same
 * secrets and PUBLIC_URL, and TRUST_PROXY=1.
 *
 * Instances keep their port when restarted, and get a fresh DATA_DIR each time: nothing of
 * theirs lives on their own disk.
 */

/** PostgreSQL on the development machines and in CI (trust auth). */
const POSTGRES_URL = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Role = "web" | "api";

export interface Member {
  name: string;
  role: Role;
  port: number;
  /** `http://127.0.0.1:<port>`: the instance itself, past nginx. */
  url: string;
  /** Its Prometheus metrics (METRICS_PORT). */
  metricsUrl: string;
  /** The process now serving, if any. */
  instance: Instance | undefined;
  /** Every process this member has run, in order, for logs of the killed ones too. */
  history: Instance[];
}

export interface Cluster {
  /** What browsers open: nginx with TLS (a self-signed certificate). */
  url: string;
  /** nginx's private listener in front of the API instances (the web tier's API_URL). */
  internalApiUrl: string;
  web: Member[];
  api: Member[];
  nginx: Nginx;
  s3: LocalS3Server;
  smtp: LocalSmtpServer;
  /** The cluster's database. */
  db: pg.Pool;
  databaseUrl: string;
  /** The settings an API instance of this cluster runs with (its secrets, database, bucket). */
  apiEnv(): Record<string, string>;
  /** Starts a member's process (again); resolves once it listens. */
  start(member: Member): Promise<Instance>;
  /** SIGKILL: no draining, no clean-up, as a crashed machine. */
  kill(member: Member): Promise<void>;
  /** SIGTERM, and waits for the process to exit. Answers its exit code. */
  stop(member: Member): Promise<number | null>;
  /** nginx's access log lines so far (the documented `raccolta` format). */
  accessLog(): AccessLine[];
  /** Every log line of a member's processes, parsed. */
  logLines(member: Member): LogLine[];
  close(): Promise<void>;
}

export interface AccessLine {
  request: string;
  status: number;
  upstream: string;
  requestId: string;
}

export interface LogLine {
  msg: string;
  level: number;
  requestId?: string;
  path?: string;
  status?: number;
  [key: string]: unknown;
}

const ACCESS_LINE =
  /"(?<request>[^"]*)" (?<status>\d{3}) \d+ [\d.]+ upstream=(?<upstream>\S+) request_id=(?<requestId>\S+)$/;

/** The documented cluster configuration with this cluster's addresses filled in. */
export function clusterConfig(options: {
  tls: Parameters<typeof withTls>[1];
  web: number[];
  api: number[];
  internalPort: number;
  accessLog: string;
}) {
  let block = withTls(documentedServerBlock("### A cluster behind nginx"), options.tls);
  const servers = {
    21: options.web[0],
    22: options.web[1],
    31: options.api[0],
    32: options.api[1],
  };
  for (const [host, port] of Object.entries(servers)) {
    block = replaceOnce(
      block,
      new RegExp(`(server )10\\.0\\.0\\.${host}:3000;`),
      `$1127.0.0.1:${port};`,
    );
  }
  block = replaceOnce(block, /(listen )10\.0\.0\.10:8080;/, `$1127.0.0.1:${options.internalPort};`);
  const logs = block.match(/access_log \/var\/log\/nginx\/raccolta\.log raccolta;/g)?.length;
  if (logs !== 2) throw new Error(`The documented cluster block has ${logs} access logs, not 2`);
  return block.replaceAll("/var/log/nginx/raccolta.log", options.accessLog);
}

export async function startCluster(): Promise<Cluster> {
  const databaseName = `raccolta_cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const db = new pg.Pool({ connectionString: databaseUrl.href, max: 2 });

  const s3 = await startS3Server("raccolta-cluster");
  const smtp = await new LocalSmtpServer().start();
  const members = (role: Role, count: number) =>
    Array.from({ length: count }, (_, index): Member => {
      const port = freePort();
      return {
        name: `${role}-${index + 1}`,
        role,
        port,
        url: `http://127.0.0.1:${port}`,
        metricsUrl: `http://127.0.0.1:${freePort()}/metrics`,
        instance: undefined,
        history: [],
      };
    });
  const web = members("web", 2);
  const api = members("api", 2);
  const internalPort = freePort();
  const internalApiUrl = `http://127.0.0.1:${internalPort}`;
  let accessLog = "";
  const nginx = await startNginxWith((tls) => {
    accessLog = tls.certificate.replace(/cert\.pem$/, "raccolta.log");
    return clusterConfig({
      tls,
      web: web.map((member) => member.port),
      api: api.map((member) => member.port),
      internalPort,
      accessLog,
    });
  });

  const secrets = {
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    TOKEN_SIGNING_KEY: randomBytes(32).toString("base64url"),
    WEB_TIER_KEY: randomBytes(32).toString("base64url"),
  };
  const shared = {
    ...secrets,
    PUBLIC_URL: nginx.url,
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    // Every test signs in from 127.0.0.1; the sign-in limits per account still apply.
    ADDRESS_RATE_LIMIT_FACTOR: "20",
  };
  const envOf = (member: Member): Record<string, string> => {
    const metricsPort = new URL(member.metricsUrl).port;
    return member.role === "web"
      ? { ...shared, ROLE: "web", API_URL: internalApiUrl, METRICS_PORT: metricsPort }
      : {
          ...shared,
          ROLE: "api",
          METRICS_PORT: metricsPort,
          // A job whose instance died is taken over after 5 s, not the default 5 minutes.
          JOB_LOCK_MS: "5000",
          DATABASE_URL: databaseUrl.href,
          SMTP_URL: smtp.url,
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: "1",
        };
  };

  async function start(member: Member) {
    const instance = await startInstance(envOf(member), member.port);
    member.instance = instance;
    member.history.push(instance);
    return instance;
  }

  const cluster: Cluster = {
    url: nginx.url,
    internalApiUrl,
    web,
    api,
    nginx,
    s3,
    smtp,
    db,
    databaseUrl: databaseUrl.href,
    apiEnv: () => envOf(api[0] as Member),
    start,
    async kill(member) {
      const instance = member.instance;
      if (!instance) return;
      const exited = new Promise((resolve) => instance.child.once("exit", resolve));
      if (instance.alive()) instance.child.kill("SIGKILL");
      await exited.catch(() => undefined);
      member.instance = undefined;
    },
    async stop(member) {
      const instance = member.instance;
      if (!instance) return null;
      const code = new Promise<number | null>((resolve) =>
        instance.child.once("exit", (exitCode) => resolve(exitCode)),
      );
      if (instance.alive()) instance.child.kill("SIGTERM");
      else return instance.child.exitCode;
      member.instance = undefined;
      return code;
    },
    accessLog() {
      if (!fs.existsSync(accessLog)) return [];
      return fs
        .readFileSync(accessLog, "utf8")
        .split("\n")
        .map((line) => ACCESS_LINE.exec(line)?.groups)
        .filter((groups) => groups !== undefined)
        .map((groups) => ({
          request: groups.request ?? "",
          status: Number(groups.status),
          upstream: groups.upstream ?? "",
          requestId: groups.requestId ?? "",
        }));
    },
    logLines(member) {
      return member.history.flatMap((instance) =>
        instance
          .log()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as LogLine),
      );
    },
    async close() {
      await Promise.all([...web, ...api].map((member) => cluster.stop(member)));
      for (const instance of [...web, ...api].flatMap((member) => member.history)) {
        await instance.stop();
      }
      await nginx.stop();
      await smtp.stop();
      await s3.stop();
      await db.end();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
  return cluster;
}

/** Whether `url` answers 200 now. */
export async function ready(url: string) {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}
