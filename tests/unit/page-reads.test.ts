import { describe, expect, it } from "vitest";
import { type PageReads, readOncePerPage } from "#api/http/page-reads.ts";
import { runForRequest } from "#api/request-context.ts";
import { thrown } from "#tests/support/thrown.ts";

/*
 * readOncePerPage (ADR 050): the reads an in-process page's API calls share. The API test
 * tests/api/page-reads.test.ts shows it on the real API; these pin its own rules.
 */
describe("readOncePerPage", () => {
  const counting = () => {
    let reads = 0;
    return { read: async () => ({ read: ++reads }), count: () => reads };
  };

  it("reads every time outside a page: over the network, in a job", async () => {
    const { read, count } = counting();
    await readOncePerPage("key", read);
    await runForRequest("request", () => readOncePerPage("key", read));
    expect(count()).toBe(2);
  });

  it("shares one read between the calls of a page, those that run at once too", async () => {
    const { read, count } = counting();
    const page: PageReads = new Map();
    const inPage = (key: string) => runForRequest("call", () => readOncePerPage(key, read), page);
    const [first, second] = await Promise.all([inPage("key"), inPage("key")]);
    expect(first).toEqual({ read: 1 });
    expect(second).toBe(first);
    expect(await inPage("key")).toBe(first);
    expect(await inPage("other key")).toEqual({ read: 2 });
    // Another page reads for itself.
    expect(await runForRequest("next page", () => readOncePerPage("key", read), new Map())).toEqual(
      { read: 3 },
    );
    expect(count()).toBe(3);
  });

  it("keeps no failed read: the page's next call tries again", async () => {
    const page: PageReads = new Map();
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error("the database was busy");
      return "read";
    };
    const inPage = () => runForRequest("page", () => readOncePerPage("key", flaky), page);
    expect(await thrown(inPage())).toBeInstanceOf(Error);
    expect(page.size).toBe(0);
    expect(await inPage()).toBe("read");
    expect(await inPage()).toBe("read");
    expect(attempts).toBe(2);
  });
});
