import { afterAll, beforeAll } from "vitest";
import { type StartApiOptions, startApi, type TestApi } from "./api-server.ts";

/**
 * The API of a test file: started before the file's tests, closed after them. It answers from
 * inside the tests (and their hooks), not while the file is being collected.
 */
export function apiForThisFile(options: StartApiOptions = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startApi(options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestApi, {
    get(_, field) {
      if (!started) throw new Error("The API starts before the file's tests: use it inside them");
      return Reflect.get(started, field);
    },
  });
}
