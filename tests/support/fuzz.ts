import http from "node:http";
import fc from "fast-check";

/*
 * Requests generated from what the product says it answers (ADR 018, ADR 021): every operation of
 * the API's own OpenAPI document, and every action of the web tier, asked with wrong types, missing
 * and extra fields, huge and unicode strings, garbage cursors and sorts, wrong methods and
 * content types, `%00` and `../` in path parameters, with and without valid tokens. What comes
 * back must never be a 5xx or show a stack trace; an API error must be its error body.
 *
 * Used by tests/api/fuzz.test.ts and tests/e2e/robustness.spec.ts (a short seeded run in
 * `npm test`) and by bench/fuzz.ts (a long one that prints counts by status).
 */

export interface FuzzRequest {
  method: string;
  /** The raw path and query, sent as they are: `../` and `%00` are not normalised away. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Strings that have broken parsers, decoders, databases and renderers somewhere. */
const NASTY_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "9".repeat(400),
  "x".repeat(10_000),
  "\u0000",
  "%00",
  "%",
  "%ED%A0%80",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows",
  "/",
  "//evil.example",
  "\r\nX-Injected: 1",
  "\ud800",
  "\udfff\ud800",
  "invoice\u202Efdp.bat",
  "\u200F\u2066x",
  "😀".repeat(60),
  "Ω≈ç√∫˜µ≤≥÷",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "EMAIL#nobody@example.com",
  "@me",
  "*",
  "refDate:sideways",
  "name:asc",
  "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5),
);

/** Anything JSON can say, including what no schema asks for. */
const anyJson = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

type Schema = Record<string, unknown>;

/** The OpenAPI document's shape, as far as generating requests goes. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A schema with its `$ref`s followed. */
function resolve(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 8) return {};
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/components/schemas/", "");
    return resolve(doc, doc.components?.schemas?.[name], depth + 1);
  }
  return schema;
}

/**
 * A value for `schema`: mostly one it allows, sometimes one of the wrong type, missing fields,
 * extra ones, or nonsense. Valid-looking values get past the first checks to the code behind.
 */
function valueFor(doc: OpenApiDocument, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (depth > 4) return anyJson;
    if (alternatives?.length) {
      return fc.oneof(...alternatives.map((item) => valueFor(doc, item, depth + 1)));
    }
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    switch (schema.type) {
      case "object": {
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        const required = new Set((schema.required ?? []) as string[]);
        const fields = Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            valueFor(doc, property, depth + 1),
          ]),
        );
        return fc
          .tuple(
            fc.record(fields, {
              requiredKeys: [...required].filter((name) => name in fields),
            }),
            fc.dictionary(fc.constantFrom("extra", "__proto__", "constructor", "$where"), anyJson, {
              maxKeys: 2,
            }),
            fc.boolean(),
          )
          .map(([record, extra, withExtra]) => (withExtra ? { ...record, ...extra } : record));
      }
      case "array":
        return fc.array(valueFor(doc, schema.items as Schema, depth + 1), { maxLength: 4 });
      case "integer":
      case "number":
        return fc.oneof(
          fc.integer({
            min: Number(schema.minimum ?? -10),
            max: Number(schema.maximum ?? 10_000),
          }),
          nastyNumber,
        );
      case "boolean":
        return fc.boolean();
      case "string":
        return stringFor(schema);
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anyJson });
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const format = schema.format;
  const plausible =
    format === "email"
      ? fc.emailAddress()
      : format === "uri" || format === "url"
        ? fc.webUrl()
        : fc.string({
            minLength: Number(schema.minLength ?? 0),
            maxLength: Math.min(Number(schema.maxLength ?? 60), 300),
          });
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: nastyString });
}

/** Ids a fuzzed request may use: its caller's own, another team's, or none that exist. */
export interface FuzzIds {
  own: Record<string, string>;
  other: Record<string, string>;
}

/** Tokens a fuzzed request may carry. */
export interface FuzzTokens {
  owner: string;
  other: string;
}

/**
 * Percent-encodes a string for a path, lone surrogates included: as the three bytes a careless
 * encoder writes for them (`%ED%A0%80`), which is not UTF-8 and must still be refused cleanly.
 */
export function percentEncode(value: string) {
  let encoded = "";
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join("")
        : encodeURIComponent(character);
  }
  return encoded;
}

function pathParameter(ids: FuzzIds, name: string) {
  const real = [ids.own[name], ids.other[name]].filter((id): id is string => Boolean(id));
  return fc.oneof(
    {
      weight: 3,
      arbitrary: real.length ? fc.constantFrom(...real) : nastyString.map(percentEncode),
    },
    { weight: 2, arbitrary: nastyString.map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%00",
        "..",
        "..%2F..",
        "%2e%2e",
        "%",
        "%ED%A0%80",
        "a%2Fb",
        "@me",
      ),
    },
  );
}

const authorization = (tokens: FuzzTokens) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant(`Bearer ${tokens.owner}`),
    fc.constant(`Bearer ${tokens.owner}`),
    fc.constant(`Bearer ${tokens.other}`),
    fc.constantFrom(
      "Bearer garbage",
      "Bearer ",
      "Basic YWRhOnBhc3N3b3Jk",
      "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
      `Bearer ${tokens.owner}x`,
    ),
  );

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** A JSON body that is not: cut short, another type, or bytes that are not UTF-8. */
const brokenBody = fc.oneof(
  fc.constantFrom('{"name": "x",', "[", "nul", "\u0000", '{"a":1}{"b":2}', "{".repeat(5000)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

/** How a body goes out: as JSON, as another type, or broken. */
function bodyFor(doc: OpenApiDocument, operation: Operation) {
  const content = operation.requestBody?.content ?? {};
  const [type, media] = Object.entries(content)[0] ?? ["application/json", {}];
  const value = valueFor(doc, media?.schema);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: value.map((v) => ({ type, body: JSON.stringify(v) ?? "null" })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json; charset=utf-16",
          "application/xml",
          "",
        ),
        body: fc.oneof(
          anyJson.map((v) => JSON.stringify(v) ?? ""),
          nastyString,
        ),
      }),
    },
    { weight: 1, arbitrary: brokenBody.map((body) => ({ type: "application/json", body })) },
    { weight: 1, arbitrary: fc.constant({ type: "", body: "" }) },
  );
}

/** Requests for one operation of the API document. */
function operationRequests(
  doc: OpenApiDocument,
  template: string,
  method: string,
  operation: Operation,
  ids: FuzzIds,
  tokens: FuzzTokens,
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((parameter) => parameter.in === "path");
  const inQuery = parameters.filter((parameter) => parameter.in === "query");
  const pathValues = fc.tuple(...inPath.map((parameter) => pathParameter(ids, parameter.name)));
  const queryValues = fc.record(
    Object.fromEntries(
      inQuery.map((parameter) => [
        parameter.name,
        fc.oneof(
          valueFor(doc, parameter.schema).map((value) =>
            typeof value === "string" ? value : JSON.stringify(value),
          ),
          nastyString,
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const extraQuery = fc.dictionary(
    fc.constantFrom("x", "limit", "__proto__", "sort"),
    nastyString,
    {
      maxKeys: 2,
    },
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(method.toUpperCase()) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      path: pathValues,
      query: queryValues,
      extra: extraQuery,
      auth: authorization(tokens),
      body: bodyFor(doc, operation),
      tus: fc.option(tusHeaders, { nil: undefined }),
    })
    .map(({ method: verb, path, query, extra, auth, body, tus }) => {
      let filled = template;
      inPath.forEach((parameter, index) => {
        filled = filled.replace(`{${parameter.name}}`, path[index] ?? "");
      });
      const pairs = Object.entries({ ...query, ...extra }).filter(
        (pair): pair is [string, string] => typeof pair[1] === "string",
      );
      const search = new URLSearchParams(pairs).toString();
      const headers: Record<string, string> = { ...(tus ?? {}) };
      if (auth) headers.Authorization = auth;
      const sendsBody = verb !== "GET" && verb !== "HEAD";
      if (sendsBody && body.type) headers["Content-Type"] = body.type;
      return {
        method: verb,
        path: search ? `${filled}?${search}` : filled,
        headers,
        body: sendsBody && body.body ? Buffer.from(body.body) : undefined,
      };
    });
}

/** The tus protocol's headers, right and wrong. */
const tusHeaders = fc.record(
  {
    "Tus-Resumable": fc.constantFrom("1.0.0", "0.2.2", "", "x"),
    "Upload-Length": fc.oneof(fc.nat().map(String), nastyString),
    "Upload-Offset": fc.oneof(fc.nat({ max: 10 }).map(String), nastyString),
    "Upload-Defer-Length": fc.constantFrom("1", "0", "x"),
    "Upload-Metadata": fc.oneof(
      fc.constant("filename aW52b2ljZeKArmZkcC5iYXQ=,filetype aW1hZ2UvanBlZw=="),
      fc.constant("filename /w==,filetype"),
      nastyString,
    ),
    "Upload-Concat": fc.constantFrom("partial", "final;/x", "x"),
  },
  { requiredKeys: [] },
);

/** Requests for every operation of the API document, and the paths it does not list. */
export function apiRequests(
  doc: OpenApiDocument,
  ids: FuzzIds,
  tokens: FuzzTokens,
): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) =>
      operationRequests(doc, template, method, operation, ids, tokens),
    ),
  );
  // Served but not in the document: signed blob links, tus's HEAD and DELETE, and nowhere.
  const unlisted = ["/api/blobs/{key}", "/api/uploads/{uploadId}", "/api/no/such/{thing}"].flatMap(
    (template) =>
      ["GET", "HEAD", "DELETE", "OPTIONS"].map((method) =>
        operationRequests(
          doc,
          template,
          method,
          {
            parameters: [
              { in: "path", name: template.match(/\{(\w+)\}/)?.[1] ?? "id" },
              { in: "query", name: "expires", schema: { type: "integer" } },
              { in: "query", name: "signature", schema: { type: "string" } },
            ],
          },
          ids,
          tokens,
        ),
      ),
  );
  return fc.oneof(...operations, ...unlisted);
}

/**
 * Garbage posts to the web tier's actions: fields no form has and fields forms have with
 * nonsense in them, every content type, broken multipart, empty and large bodies, as a document
 * post and as the `.data` post of a client-side navigation.
 */
export function webActionRequests(
  actionPaths: string[],
  options: { origin: string; cookies: string[] },
): fc.Arbitrary<FuzzRequest> {
  const field = fc.oneof(
    fc.constantFrom(
      "intent",
      "name",
      "nickname",
      "email",
      "identifier",
      "password",
      "newPassword",
      "confirmPassword",
      "code",
      "redirectTo",
      "theme",
      "role",
      "alias",
      "mode",
      "description",
      "files",
      "url",
      "size",
      "contentType",
      "terms",
      "collaborative",
      "userId",
      "lng",
    ),
    nastyString,
  );
  const value = fc.oneof(
    fc.constantFrom(
      "sign-in",
      "invite",
      "internal",
      "rename",
      "role",
      "disable",
      "enable",
      "remove",
      "resend",
      "reset-password",
      "link",
      "start",
      "confirm",
      "accept",
      "decline",
      "reset",
      "dark",
      "it",
      "admin",
      "owner",
    ),
    nastyString,
  );
  const form = fc.array(fc.tuple(field, value), { maxLength: 8 });
  const urlencoded = form.map((pairs) => ({
    type: "application/x-www-form-urlencoded",
    body: Buffer.from(new URLSearchParams(pairs).toString()),
  }));
  const multipart = form.map((pairs) => {
    const boundary = "fuzzboundary";
    const parts = pairs.map(
      ([name, v]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${name === "files" ? '; filename="a.jpg"\r\nContent-Type: image/jpeg' : ""}\r\n\r\n${v}\r\n`,
    );
    return {
      type: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    };
  });
  const broken = fc.oneof(
    fc.record({
      type: fc.constantFrom(
        "multipart/form-data; boundary=x",
        "multipart/form-data",
        "text/plain",
        "application/json",
        "application/octet-stream",
        "",
      ),
      body: fc.oneof(nastyString, brokenBody).map((text) => Buffer.from(text)),
    }),
    fc.constant({
      type: "multipart/form-data; boundary=x",
      body: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\nabc',
      ),
    }),
    fc.constant({
      type: "application/x-www-form-urlencoded",
      body: Buffer.from(`a=${"x".repeat(100_000)}`),
    }),
  );
  return fc
    .record({
      path: fc.constantFrom(...actionPaths),
      data: fc.boolean(),
      query: fc.option(
        fc.constantFrom(
          "index",
          "_data=root",
          "tab=link",
          "tab=internal",
          "redirectTo=//evil.example",
        ),
        { nil: undefined },
      ),
      cookie: fc.constantFrom("", ...options.cookies),
      body: fc.oneof(
        { weight: 3, arbitrary: urlencoded },
        { weight: 2, arbitrary: multipart },
        { weight: 2, arbitrary: broken },
      ),
    })
    .map(({ path, data, query, cookie, body }) => {
      const target = data ? `${path === "/" ? "/_root" : path}.data` : path;
      const headers: Record<string, string> = { Origin: options.origin };
      if (body.type) headers["Content-Type"] = body.type;
      if (cookie) headers.Cookie = cookie;
      return {
        method: "POST",
        path: query ? `${target}?${query}` : target,
        headers,
        body: body.body,
      };
    });
}

/** Sends a request as it is, on a connection of its own, and reads the whole answer. */
export function send(baseUrl: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  // A header line can hold neither a line break nor, as Node sends it, anything past Latin-1:
  // such values go percent-encoded, as a client that sends them at all would have to.
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      /^[\x20-\x7e]*$/.test(value) ? value : percentEncode(value),
    ]),
  );
  if (request.body) headers["Content-Length"] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      hostname,
      port,
      method: request.method,
      path: request.path,
      headers,
      agent: false,
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer in 30 s")));
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/** A stack frame, or an internal error's name, anywhere in an answer. */
const INTERNALS =
  /\bat (?:async )?[\w.$<>]+ \(.*:\d+:\d+\)|node_modules\/|ApiRequestError|URIError|SyntaxError: /;

/** What is wrong with an answer, if anything. */
export function problemsOf(request: FuzzRequest, answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (INTERNALS.test(answer.body)) problems.push("internals in the body");
  // Where the request really went: `/api/../x` is not the API's.
  const isApi = new URL(request.path, "http://fuzz.invalid").pathname.startsWith("/api/");
  // Node's HTTP parser refuses headers past 16 KB (431) before any code of ours runs.
  const ours = answer.status !== 431;
  if (isApi && ours && answer.status >= 400 && request.method !== "HEAD") {
    try {
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      if (
        body.statusCode !== answer.status ||
        typeof body.errorCode !== "string" ||
        typeof body.message !== "string"
      ) {
        problems.push(`not the API's error body: ${answer.body.slice(0, 200)}`);
      }
    } catch {
      problems.push(`not JSON: ${answer.contentType} ${answer.body.slice(0, 200)}`);
    }
  }
  return problems;
}

/** One line naming a request, short enough to read in a report. */
export function describeRequest(request: FuzzRequest) {
  const body = request.body ? ` ${request.body.toString("utf8").slice(0, 120)}` : "";
  const type = request.headers["Content-Type"] ? ` [${request.headers["Content-Type"]}]` : "";
  return `${request.method} ${request.path.slice(0, 200)}${type}${body}`;
}

export interface FuzzRun {
  counts: Map<number, number>;
  problems: string[];
  sent: number;
}

/**
 * Sends `requests`, a few at a time, and gathers each answer's status and what is wrong with
 * it: every problem, not only the first, so one run shows them all.
 */
export async function runFuzz(
  baseUrl: string,
  requests: FuzzRequest[],
  concurrency = 4,
): Promise<FuzzRun> {
  const counts = new Map<number, number>();
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      let answer: FuzzAnswer;
      try {
        answer = await send(baseUrl, request);
      } catch (error) {
        problems.push(`${describeRequest(request)} → no answer: ${(error as Error).message}`);
        continue;
      }
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      for (const problem of problemsOf(request, answer)) {
        problems.push(`${describeRequest(request)} → ${answer.status}: ${problem}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { counts, problems, sent: requests.length };
}

/** Counts by status, as a line. */
export function formatCounts(counts: Map<number, number>) {
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
}
