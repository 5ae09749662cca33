import fs from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { apiForThisFile } from "./support/file-api.ts";

const TYPES_FILE = "app/services/api/openapi.d.ts";
const TYPES_HEADER = `// Generated from the API's OpenAPI document by \`npm run api-types\`; do not edit.
// tests/api/openapi.test.ts fails when it no longer matches the API (ADR 020).

`;

const api = apiForThisFile();

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document generated from the routes' schemas", async () => {
    const response = await api.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Raccolta API", version: "test" });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/status",
        "/api/subscriptions",
        "/api/auth/signup",
        "/api/auth/verify-email",
        "/api/auth/resend-code",
        "/api/auth/signin",
        "/api/auth/new-password",
        "/api/auth/forgot-password",
        "/api/auth/reset-password",
        "/api/auth/refresh",
        "/api/auth/signout",
        "/api/auth/federated",
        "/api/auth/federated/start",
        "/api/users/@me",
      ]),
    );
    // Signed-in routes say so.
    expect(doc.paths["/api/users/@me"].get.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths["/api/users/@me"].patch.requestBody.content)).toEqual([
      "application/json-patch+json",
      "application/json",
    ]);
    expect(doc.paths["/api/status"].get.responses).toHaveProperty("200");
    expect(doc.paths["/api/status"].get.responses).toHaveProperty("503");
    // The request schema comes from the zod schema the route validates with.
    const body =
      doc.paths["/api/subscriptions"].post.requestBody.content["application/json"].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split("/").at(-1)] : body;
    expect(schema.required).toEqual(
      expect.arrayContaining(["email", "termsVersion", "privacyVersion"]),
    );
    expect(schema.additionalProperties).toBe(false);
    expect(doc.components.schemas.Error.required).toEqual(["statusCode", "errorCode", "message"]);
  });
});

/*
 * The web tier's request and response types are generated from this document into
 * app/services/api/openapi.d.ts (ADR 020). Stale types fail here; `npm run api-types` writes
 * them again.
 */
describe("the web tier's generated API types", () => {
  it("match the document the API serves", async () => {
    const document = await (await api.request("/api/openapi.json")).json();
    const generated = `${TYPES_HEADER}${astToString(await openapiTS(document, { alphabetize: true }))}`;
    if (process.env.UPDATE_API_TYPES === "1") fs.writeFileSync(TYPES_FILE, generated);
    expect(fs.readFileSync(TYPES_FILE, "utf8"), "run `npm run api-types`").toBe(generated);
  });
});
