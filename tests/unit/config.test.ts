import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UNLIMITED_PLAN_LIMITS } from "#domain/plans.ts";
import {
  CONFIG_VARIABLES,
  ConfigError,
  type Env,
  parseConfig,
  parseEnv,
  s3LinkOrigin,
} from "../../server/config.ts";
import { NO_PROXY } from "../../server/proxy.ts";

function errorLines(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split("\n");
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("needs nothing set: the embedded defaults", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      env: "production",
      isProduction: true,
      port: 3000,
      role: "all",
      apiUrl: undefined,
      apiTimeoutMs: 15_000,
      productName: "Raccolta",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      sessionSecrets: undefined,
      tokenSigningKey: undefined,
      webTierKey: undefined,
      trustProxy: NO_PROXY,
      addressRateLimitFactor: 1,
      compress: true,
      logLevel: "info",
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 0,
      jobLockMs: 300_000,
      metrics: undefined,
      s3: undefined,
    });
  });

  it("reads every kind of value", () => {
    const config = parseConfig({
      PORT: "8080",
      ROLE: "web",
      API_URL: "http://api.internal:3000/",
      PRODUCT_NAME: "  Photos  ",
      DATA_DIR: "/srv/data",
      DATABASE_URL: "postgresql://app:pw@db:5432/app",
      SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(40)}`,
      TRUST_PROXY: "yes",
      ADDRESS_RATE_LIMIT_FACTOR: "25",
      COMPRESS: "off",
      S3_BUCKET: "files",
      S3_ENDPOINT: "https://s3.example.com",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(config).toMatchObject({
      port: 8080,
      role: "web",
      apiUrl: "http://api.internal:3000",
      productName: "Photos",
      dataDir: "/srv/data",
      databaseUrl: "postgresql://app:pw@db:5432/app",
      sessionSecrets: ["a".repeat(32), "b".repeat(40)],
      trustProxy: { setting: "private" },
      addressRateLimitFactor: 25,
      compress: false,
      s3: {
        bucket: "files",
        endpoint: "https://s3.example.com",
        region: "us-east-1",
        accessKeyId: "id",
        secretAccessKey: "secret",
        forcePathStyle: true,
      },
    });
  });

  it("takes SIGNUP=invite-only, open by default (ADR 088)", () => {
    expect(parseConfig({}).signUp).toBe("open");
    expect(parseConfig({ SIGNUP: "invite-only" }).signUp).toBe("invite-only");
  });

  it.each([
    [{ PORT: "eighty" }, 'Configuration error: PORT must be a port number (got "eighty")'],
    [{ PORT: "70000" }, 'Configuration error: PORT must be between 0 and 65535 (got "70000")'],
    [{ ROLE: "worker" }, 'Configuration error: ROLE must be all, web or api (got "worker")'],
    [
      { SIGNUP: "closed" },
      'Configuration error: SIGNUP must be open or invite-only (got "closed")',
    ],
    [{ COMPRESS: "maybe" }, "Configuration error: COMPRESS must be 1 or 0"],
    [
      { TRUST_PROXY: "10.0.0.5,maybe" },
      'Configuration error: TRUST_PROXY must be 1, 0, or a list of proxy addresses and CIDR ranges; it has "maybe", which is not an address or a CIDR range (got "10.0.0.5,maybe")',
    ],
    [
      { ADDRESS_RATE_LIMIT_FACTOR: "0" },
      'Configuration error: ADDRESS_RATE_LIMIT_FACTOR must be at least 1 (got "0")',
    ],
    [
      { ADDRESS_RATE_LIMIT_FACTOR: "2.5" },
      'Configuration error: ADDRESS_RATE_LIMIT_FACTOR must be a whole number (got "2.5")',
    ],
    [{ API_URL: "/api" }, "Configuration error: API_URL must be an absolute URL"],
    [{ API_URL: "api:3000" }, "Configuration error: API_URL must use http or https"],
    [{ ANALYTICS_SCRIPT_URL: "http://a.example/x.js" }, "ANALYTICS_SCRIPT_URL must use https"],
    [
      { DATABASE_URL: "mysql://db/app" },
      "Configuration error: DATABASE_URL must be a postgres:// URL",
    ],
    [{ LOG_LEVEL: "loud" }, "Configuration error: LOG_LEVEL must be fatal, error"],
    [
      { PLAN_LIMIT_TEAMS: "many" },
      'Configuration error: PLAN_LIMIT_TEAMS must be a whole number, -1 for unlimited (got "many")',
    ],
    [
      { PLAN_LIMIT_MEMBERS_PER_TEAM: "2.5" },
      "Configuration error: PLAN_LIMIT_MEMBERS_PER_TEAM must be a whole number, -1 for unlimited",
    ],
    [
      { PLAN_LIMIT_ALIASES_PER_TEAM: "-2" },
      'Configuration error: PLAN_LIMIT_ALIASES_PER_TEAM must be -1 (unlimited) or more (got "-2")',
    ],
    [
      { PLAN_LIMIT_STORAGE_BYTES: "99999999999999999999" },
      "Configuration error: PLAN_LIMIT_STORAGE_BYTES must be a whole number, -1 for unlimited",
    ],
    [
      { PLAN_LIMIT_TRAFFIC_BYTES: "5GB" },
      "Configuration error: PLAN_LIMIT_TRAFFIC_BYTES must be a whole number, -1 for unlimited",
    ],
    [
      { S3_ACCESS_KEY_ID: "id" },
      "S3_SECRET_ACCESS_KEY S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    ],
    [
      { TOKEN_SIGNING_KEY: "short" },
      "Configuration error: TOKEN_SIGNING_KEY must be at least 32 characters",
    ],
    [{ SMTP_URL: "https://mail.example" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ MAIL_FROM: "not an address" }, "Configuration error: MAIL_FROM must be an address"],
    [
      { GOOGLE_CLIENT_ID: "id" },
      "GOOGLE_CLIENT_SECRET GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together",
    ],
    [
      { LINKEDIN_CLIENT_SECRET: "secret" },
      "LINKEDIN_CLIENT_ID LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET go together",
    ],
    [
      { OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "id" },
      "OIDC_CLIENT_SECRET OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together",
    ],
    [
      { OIDC_ISSUER: "http://id.example", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" },
      "OIDC_ISSUER must use https (http only on localhost)",
    ],
  ])("%o stops start-up with one line naming the variable", (env, line) => {
    const lines = errorLines(env);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(line);
  });

  it("sends mail from no-reply at the public host unless MAIL_FROM says otherwise", () => {
    expect(parseConfig({}).mailFrom).toBe('"Raccolta" <no-reply@localhost>');
    expect(parseConfig({ PUBLIC_URL: "https://photos.example.com/" })).toMatchObject({
      publicUrl: "https://photos.example.com",
      mailFrom: '"Raccolta" <no-reply@photos.example.com>',
      smtpUrl: undefined,
    });
    expect(
      parseConfig({
        SMTP_URL: "smtps://u:p@mail.example:465",
        MAIL_FROM: "Team <team@example.com>",
      }),
    ).toMatchObject({
      smtpUrl: "smtps://u:p@mail.example:465",
      mailFrom: "Team <team@example.com>",
    });
  });

  it("turns on each sign-in provider whose client id and secret are set", () => {
    expect(parseConfig({}).providers).toEqual([]);
    const { providers } = parseConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      LINKEDIN_CLIENT_ID: "l-id",
      LINKEDIN_CLIENT_SECRET: "l-secret",
      OIDC_ISSUER: "http://localhost:8080/realms/test/",
      OIDC_CLIENT_ID: "o-id",
      OIDC_CLIENT_SECRET: "o-secret",
      OIDC_NAME: "Keycloak",
    });
    expect(providers).toEqual([
      {
        id: "google",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "g-id",
        clientSecret: "g-secret",
      },
      {
        id: "linkedin",
        name: "LinkedIn",
        issuer: "https://www.linkedin.com/oauth",
        clientId: "l-id",
        clientSecret: "l-secret",
      },
      {
        id: "oidc",
        name: "Keycloak",
        issuer: "http://localhost:8080/realms/test",
        clientId: "o-id",
        clientSecret: "o-secret",
      },
    ]);
  });

  it("has no limit unless PLAN_LIMIT_* says otherwise; -1 is unlimited", () => {
    expect(parseConfig({}).planLimits).toEqual(UNLIMITED_PLAN_LIMITS);
    expect(
      parseConfig({
        PLAN_LIMIT_TEAMS: "-1",
        PLAN_LIMIT_MEMBERS_PER_TEAM: "0",
        PLAN_LIMIT_ALIASES_PER_TEAM: " 5 ",
        PLAN_LIMIT_STORAGE_BYTES: "1099511627776",
        // Blank is unset, not 0.
        PLAN_LIMIT_TRAFFIC_BYTES: "",
      }).planLimits,
    ).toEqual({
      ...UNLIMITED_PLAN_LIMITS,
      limitTeams: -1,
      limitMembersPerTeam: 0,
      limitAliasesPerTeam: 5,
      limitStorageBytes: 1024 ** 4,
    });
  });

  it("turns billing on with a Stripe key and its webhook secret, which go together", () => {
    expect(parseConfig({}).billing).toBeUndefined();
    expect(
      parseConfig({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        PLANS_FILE: "/etc/raccolta/plans.json",
      }).billing,
    ).toEqual({
      stripe: { secretKey: "sk_test_1", webhookSecret: "whsec_1", apiUrl: undefined },
      plansFile: "/etc/raccolta/plans.json",
    });
    expect(errorLines({ STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
      "Configuration error: STRIPE_WEBHOOK_SECRET STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together",
    ]);
    expect(errorLines({ STRIPE_WEBHOOK_SECRET: "whsec_1" })).toEqual([
      "Configuration error: STRIPE_SECRET_KEY STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together",
    ]);
  });

  it("counts down to the product's launch unless LAUNCH_AT says otherwise, and shows store badges when set", () => {
    const config = parseConfig({});
    expect(config.launchAt).toBe(Date.parse("2025-09-15T00:00:00+02:00"));
    expect(config.appStoreUrl).toBeUndefined();
    expect(
      parseConfig({
        LAUNCH_AT: "2027-03-01T09:00:00+01:00",
        APP_STORE_URL: "https://apps.apple.com/app/id1",
      }),
    ).toMatchObject({
      launchAt: Date.parse("2027-03-01T08:00:00Z"),
      appStoreUrl: "https://apps.apple.com/app/id1",
    });
    expect(errorLines({ LAUNCH_AT: "next spring", PLAY_STORE_URL: "http://play.example" })).toEqual(
      [
        'Configuration error: LAUNCH_AT must be a date and time like 2026-03-01T09:00:00+01:00 (got "next spring")',
        'Configuration error: PLAY_STORE_URL must use https (got "http://play.example")',
      ],
    );
  });

  it("holds a job for JOB_LOCK_MS per claim, 5 minutes unless set, at least 3 s", () => {
    expect(parseConfig({ JOB_LOCK_MS: "5000" }).jobLockMs).toBe(5000);
    expect(() => parseConfig({ JOB_LOCK_MS: "1000" })).toThrow("JOB_LOCK_MS must be at least 3000");
  });

  it("keeps serving for SHUTDOWN_DELAY_MS after SIGTERM, up to two minutes", () => {
    expect(parseConfig({ SHUTDOWN_DELAY_MS: "5000" }).shutdownDelayMs).toBe(5000);
    expect(() => parseConfig({ SHUTDOWN_DELAY_MS: "120001" })).toThrow(
      "SHUTDOWN_DELAY_MS must be at most 120000",
    );
    expect(() => parseConfig({ SHUTDOWN_DELAY_MS: "soon" })).toThrow(
      "SHUTDOWN_DELAY_MS must be a number of milliseconds",
    );
  });

  it("serves metrics only when METRICS_PORT is set, on HOST unless METRICS_HOST says otherwise", () => {
    expect(parseConfig({}).metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "0.0.0.0" });
    expect(parseConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
    expect(() => parseConfig({ METRICS_PORT: "70000" })).toThrow(
      "METRICS_PORT must be between 0 and 65535",
    );
  });

  it("gives one line per bad variable", () => {
    expect(errorLines({ PORT: "x", ROLE: "y", COMPRESS: "z" })).toHaveLength(3);
  });

  it("never prints a secret or a credential-bearing URL it refuses", () => {
    const lines = errorLines({
      SESSION_SECRET: "hunter2",
      TOKEN_SIGNING_KEY: "hunter3",
      DATABASE_URL: "mysql://user:hunter4@db/app",
      SMTP_URL: "http://user:hunter5@mail.example",
      GOOGLE_CLIENT_SECRET: "hunter6",
    }).join("\n");
    expect(lines).toContain("SESSION_SECRET each comma-separated secret must be at least 32");
    expect(lines).not.toMatch(/hunter/);
  });
});

describe("s3LinkOrigin", () => {
  const s3 = {
    bucket: "photos",
    endpoint: undefined,
    region: "eu-south-1",
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
  };

  it("is AWS's regional bucket host without an endpoint", () => {
    expect(s3LinkOrigin(s3)).toBe("https://photos.s3.eu-south-1.amazonaws.com");
  });

  it("is the endpoint itself with path-style addressing, else the bucket as its subdomain", () => {
    const endpoint = "http://minio.internal:9000";
    expect(s3LinkOrigin({ ...s3, endpoint, forcePathStyle: true })).toBe(endpoint);
    expect(s3LinkOrigin({ ...s3, endpoint })).toBe("http://photos.minio.internal:9000");
  });
});

describe(".env.example", () => {
  const example = fs.readFileSync(".env.example", "utf8");
  /** `# NAME=value   # comment` lines: each variable and the value shown, "" when none. */
  const shown = new Map(
    [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*?)(?:\s{2,}#.*)?$/gm)].map((match) => [
      match[1] as string,
      (match[2] as string).trim(),
    ]),
  );

  it("names every variable the server reads, and no other", () => {
    expect([...shown.keys()].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("shows each variable's default, when it shows a value", () => {
    const defaults = parseEnv({});
    for (const [name, value] of shown) {
      if (value === "") continue;
      expect({ name, value: parseEnv({ [name]: value })[name as keyof Env] }).toEqual({
        name,
        value: defaults[name as keyof Env],
      });
    }
  });

  it("is documented variable by variable in docs/operations.md", () => {
    const operations = fs.readFileSync("docs/operations.md", "utf8");
    expect(CONFIG_VARIABLES.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });
});
