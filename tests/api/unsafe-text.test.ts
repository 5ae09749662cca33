import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT } from "#tests/support/consent.ts";
import { bearer, expectError, newEmail, PASSWORD, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection, type StoredCollection } from "./support/collections.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, type TestTeam } from "./support/teams.ts";

// Names and descriptions refuse what would disguise or silently change them (domain/validation.ts,
// isSafeText): a bidirectional control ("invoice\u202Efdp.bat" shows as "invoicetab.pdf") and a
// lone UTF-16 surrogate (JSON "\ud800", stored as U+FFFD); a tus file name must be valid UTF-8.
// Each refusal is a 400 naming invalidCharacters, and nothing is stored.

/** A disguised extension, and text that is not valid UTF-16 (sent as the JSON escape "\ud800"). */
const UNSAFE = ["invoice\u202Efdp.bat", "Ferie \uD800 2024", "\u2067Estate\u2069"];

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let collection: StoredCollection;

beforeAll(async () => {
  api = await startApi();
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  collection = await insertCollection(api, team, { name: "Summer" });
});
afterAll(() => api.close());

const teamPath = () => `/api/teams/${team.teamId}`;
const collectionPath = () => `${teamPath()}/collections/${collection.collectionId}`;
const replace = (path: string, value: unknown) => [{ op: "replace", path, value }];

function send(method: string, path: string, json: unknown, tokens: Tokens | null = owner) {
  return api.request(path, { method, headers: tokens ? bearer(tokens) : {}, json });
}

/** Expects the refusal: 400 with `errorCode`, its message naming the field's invalidCharacters. */
async function expectRefused(response: Response, field: string, errorCode = "invalidInput") {
  const body = await expectError(response, 400, errorCode);
  expect(body.message).toContain(`${field}: invalidCharacters`);
}

async function fileCount() {
  const row = await api.db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("collection_id", "=", collection.collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

it("sends a lone surrogate as the JSON escape, which JSON.parse turns back into one", () => {
  expect(JSON.stringify({ name: "a\uD800" })).toBe('{"name":"a\\ud800"}');
});

describe("files", () => {
  it("refuses a rename to an unsafe name, and keeps the old one", async () => {
    const file = await insertFile(api, team, collection, { name: "Before.pdf" });
    const path = `${collectionPath()}/files/${file.fileId}`;
    for (const name of UNSAFE) {
      await expectRefused(await send("PATCH", path, replace("/name", name)), "name");
    }
    const row = await api.db
      .selectFrom("files")
      .select("name")
      .where("file_id", "=", file.fileId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Before.pdf");
  });

  it("refuses to start a file with an unsafe name", async () => {
    const before = await fileCount();
    for (const name of UNSAFE) {
      const response = await send("POST", `${collectionPath()}/files`, {
        name,
        contentType: "application/pdf",
        size: 10,
      });
      await expectRefused(response, "name");
    }
    expect(await fileCount()).toBe(before);
  });

  describe("tus Upload-Metadata", () => {
    function create(filename: string | Uint8Array) {
      const metadata = Object.entries({
        teamId: team.teamId,
        collectionId: collection.collectionId,
        filename,
      })
        .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
        .join(",");
      return api.request("/api/uploads", {
        method: "POST",
        headers: {
          ...bearer(owner),
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "10",
          "Upload-Metadata": metadata,
        },
      });
    }

    it("refuses a filename with a bidirectional control", async () => {
      const before = await fileCount();
      await expectRefused(await create("invoice\u202Efdp.bat"), "name");
      await expectRefused(await create("\u2066photo.jpg"), "name");
      expect(await fileCount()).toBe(before);
    });

    it("refuses a filename that is not valid UTF-8, instead of replacing the bytes", async () => {
      const before = await fileCount();
      for (const bytes of [
        // "ab", a byte that starts no character, ".txt"
        [0x61, 0x62, 0xff, 0x2e, 0x74, 0x78, 0x74],
        // "ab" and a surrogate (U+D800) encoded as UTF-8, which UTF-8 forbids
        [0x61, 0x62, 0xed, 0xa0, 0x80],
        // a character cut short
        [0x61, 0x62, 0xe2, 0x82],
      ]) {
        const body = await expectError(await create(new Uint8Array(bytes)), 400, "invalidInput");
        expect(body.message).toMatch(/filename is not valid UTF-8/);
      }
      expect(await fileCount()).toBe(before);
    });

    it("still takes a name in any script, with emoji", async () => {
      const response = await create("Ferie 🏖️ فاتورة.txt");
      expect(response.status).toBe(201);
    });
  });
});

describe("collections", () => {
  it("refuses to create one with an unsafe name or description", async () => {
    for (const value of UNSAFE) {
      await expectRefused(await send("POST", `${teamPath()}/collections`, { name: value }), "name");
      await expectRefused(
        await send("POST", `${teamPath()}/collections`, { name: "Fine", description: value }),
        "description",
      );
    }
  });

  it("refuses to rename or describe one unsafely, and keeps it as it was", async () => {
    for (const value of UNSAFE) {
      await expectRefused(await send("PATCH", collectionPath(), replace("/name", value)), "name");
      await expectRefused(
        await send("PATCH", collectionPath(), replace("/description", value)),
        "description",
      );
    }
    const row = await api.db
      .selectFrom("collections")
      .select(["name", "description"])
      .where("collection_id", "=", collection.collectionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Summer", description: null });
  });
});

describe("teams", () => {
  // A name the rules refuse is invalidTeamName (docs/product.md#errors), as for any other bad team
  // name.
  it("refuses to create one with an unsafe name (invalidTeamName) or description", async () => {
    for (const value of UNSAFE) {
      await expectRefused(
        await send("POST", "/api/teams", { name: value }),
        "name",
        "invalidTeamName",
      );
      await expectRefused(
        await send("POST", "/api/teams", { name: "Fine", description: value }),
        "description",
      );
      await expectRefused(
        await send("POST", "/api/teams", { name: "Fine", nickname: value }),
        "nickname",
      );
    }
  });

  it("refuses to rename or describe one unsafely", async () => {
    for (const value of UNSAFE) {
      await expectRefused(
        await send("PATCH", teamPath(), replace("/name", value)),
        "name",
        "invalidTeamName",
      );
      await expectRefused(
        await send("PATCH", teamPath(), replace("/description", value)),
        "description",
      );
    }
  });
});

describe("people", () => {
  it("refuses an unsafe nickname at sign-up", async () => {
    for (const nickname of UNSAFE) {
      const response = await send(
        "POST",
        "/api/auth/signup",
        { email: newEmail(), password: PASSWORD, nickname, locale: "en", ...CONSENT },
        null,
      );
      await expectRefused(response, "nickname");
    }
  });

  it("refuses an unsafe nickname or username for a new member, and on a member's rename", async () => {
    const member = await addMember(api, team, { role: "viewer" });
    for (const value of UNSAFE) {
      await expectRefused(
        await send("POST", `${teamPath()}/members`, {
          email: newEmail(),
          nickname: value,
          role: "viewer",
          locale: "en",
        }),
        "nickname",
      );
      await expectRefused(
        await send("POST", `${teamPath()}/members`, { username: `crew.${value}`, locale: "en" }),
        "username",
      );
      await expectRefused(
        await send(
          "PATCH",
          `${teamPath()}/members/${member.memberId}`,
          replace("/nickname", value),
        ),
        "nickname",
      );
    }
  });

  it("refuses unsafe names on one's profile", async () => {
    for (const value of UNSAFE) {
      for (const field of ["nickname", "preferredName", "firstName", "lastName"]) {
        await expectRefused(
          await send("PATCH", "/api/users/@me", replace(`/${field}`, value)),
          field,
        );
      }
    }
  });
});
