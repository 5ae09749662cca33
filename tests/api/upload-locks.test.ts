import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#api/db/schema.ts";
import { createUploadLocker } from "#api/uploads/upload-locks.ts";
import { databaseTwice } from "./support/api-server.ts";

// The resumable uploads' lock on the real database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL), through two connection pools: two API instances. The tus flow over HTTP,
// across two instances, is in uploads.test.ts.

const logger = pino({ level: "silent" });
let database: Awaited<ReturnType<typeof databaseTwice>>;
let dbA: Db;
let dbB: Db;

beforeAll(async () => {
  database = await databaseTwice();
  ({ dbA, dbB } = database);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await dbA.deleteFrom("upload_locks").execute();
});

const UPLOAD = "0123456789abcdef0123456789abcdef";
const lockerOn = (db: Db, options: { acquireTimeoutMs?: number } = {}) =>
  createUploadLocker({ db, logger, pollMs: 50, ...options });

describe("upload locks across instances", () => {
  it("makes a second request wait, asks the holder to let go, and hands the lock over", async () => {
    const held = lockerOn(dbA).newLock(UPLOAD);
    let asked = 0;
    await held.lock(new AbortController().signal, () => {
      asked += 1;
    });

    const events: string[] = [];
    const waiting = lockerOn(dbB)
      .newLock(UPLOAD)
      .lock(new AbortController().signal, () => {})
      .then(
        () => events.push("second has it"),
        (error: unknown) => events.push(`second failed: ${error}`),
      );
    // The holder hears the request through the database, and is told once.
    await expect.poll(() => asked).toBe(1);
    await sleep(200);
    expect(events).toEqual([]);
    expect(asked).toBe(1);

    events.push("first lets go");
    await held.unlock();
    await waiting;
    expect(events).toEqual(["first lets go", "second has it"]);
  });

  it("takes over a lock whose holder stopped renewing it: its process died", async () => {
    await dbA
      .insertInto("upload_locks")
      .values({
        upload_id: UPLOAD,
        holder: "killed",
        expires_at: Date.now() - 1,
        release_requested_at: null,
      })
      .execute();
    const lock = lockerOn(dbB).newLock(UPLOAD);
    await lock.lock(new AbortController().signal, () => {});
    const row = await dbA.selectFrom("upload_locks").selectAll().executeTakeFirstOrThrow();
    expect(row.holder).not.toBe("killed");
    expect(Number(row.expires_at)).toBeGreaterThan(Date.now());
    await lock.unlock();
    expect(await dbA.selectFrom("upload_locks").selectAll().execute()).toEqual([]);
  });

  it("gives up with a 409 when the holder does not let go in time, or the request ends", async () => {
    const held = lockerOn(dbA).newLock(UPLOAD);
    await held.lock(new AbortController().signal, () => {
      // A holder that ignores the request (a PUT, which cannot be stopped halfway).
    });
    await expect(
      lockerOn(dbB, { acquireTimeoutMs: 300 })
        .newLock(UPLOAD)
        .lock(new AbortController().signal, () => {}),
    ).rejects.toMatchObject({ status: 409, errorCode: "invalidInput" });

    const gone = new AbortController();
    const waiting = lockerOn(dbB)
      .newLock(UPLOAD)
      .lock(gone.signal, () => {});
    gone.abort();
    await expect(waiting).rejects.toMatchObject({ status: 409 });
    // The holder still has it, untouched.
    expect((await dbA.selectFrom("upload_locks").selectAll().execute()).length).toBe(1);
    await held.unlock();
  });

  it("lets only one of many requests racing for a free lock have it", async () => {
    const lockers = [lockerOn(dbA), lockerOn(dbB), lockerOn(dbA), lockerOn(dbB)];
    const holders: number[] = [];
    const locks = lockers.map((locker) => locker.newLock(UPLOAD));
    const attempts = locks.map((lock, index) =>
      lock
        .lock(AbortSignal.timeout(400), () => {})
        .then(() => holders.push(index))
        .catch(() => undefined),
    );
    await Promise.all(attempts);
    expect(holders).toHaveLength(1);
    await locks[holders[0] as number]?.unlock();
  });
});
