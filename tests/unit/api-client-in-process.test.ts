import { describe, expect, it, vi } from "vitest";
import type { PageReads } from "#app/load-context.ts";
import { ApiRequestError, apiCall } from "#app/services/api/client.server.ts";
import { thrown } from "#tests/support/thrown.ts";
import { testWebContext } from "#tests/support/web-context.ts";

/*
 * apiCall with the API in the same process (ROLE=all, ADR 030): the request is handed over
 * without a socket, and what the network would have done (a deadline, a failure) is still
 * answered the same way. The host wires the real API in (server.ts); the e2e suite runs every
 * page that way. These pin the client's side of the bargain.
 */
function contextWith(
  inProcessApi: (request: Request, pageReads?: PageReads) => Promise<Response>,
  apiTimeoutMs = 50,
) {
  const context = testWebContext("http://127.0.0.1:1");
  context.config.inProcessApi = inProcessApi;
  context.config.apiTimeoutMs = apiTimeoutMs;
  return context;
}

describe("apiCall to the API in this process", () => {
  it("hands over the HTTP request the network would have carried", async () => {
    let seen: Request | undefined;
    const context = contextWith(async (request) => {
      seen = request;
      return Response.json({ teamId: "t1" }, { status: 201 });
    });
    const answer = await apiCall<{ teamId: string }>(context, "/api/teams", {
      method: "POST",
      body: { name: "Choir" },
      accessToken: "token-1",
    });
    expect(answer).toEqual({ status: 201, body: { teamId: "t1" } });
    expect(seen?.method).toBe("POST");
    expect(new URL(seen?.url ?? "").pathname).toBe("/api/teams");
    expect(seen?.headers.get("Authorization")).toBe("Bearer token-1");
    expect(seen?.headers.get("X-Client-IP")).toBe("127.0.0.1");
    expect(seen?.headers.get("X-Web-Tier-Key")).toBe(context.config.webTierKey);
    expect(await seen?.json()).toEqual({ name: "Choir" });
  });

  it("hands the page's shared reads with a call that reads, and empties them around a write", async () => {
    const handed: (PageReads | undefined)[] = [];
    const context = contextWith(async (request, pageReads) => {
      handed.push(pageReads);
      // What the API would keep of the page's reads (api/http/page-reads.ts).
      pageReads?.set(`read by ${request.method}`, Promise.resolve(true));
      if (request.method === "POST") expect(context.apiReads.size).toBe(0);
      return Response.json({});
    });
    await apiCall(context, "/api/teams/t1");
    expect(handed).toEqual([context.apiReads]);
    expect([...context.apiReads.keys()]).toEqual(["read by GET"]);

    await apiCall(context, "/api/teams/t1", { method: "POST", body: {} });
    // The write was handed none, and what the page had read before it is gone after it.
    expect(handed[1]).toBeUndefined();
    expect(context.apiReads.size).toBe(0);

    await apiCall(context, "/api/teams/t1");
    expect(handed[2]).toBe(context.apiReads);
  });

  it("empties the page's reads after a write, even one that failed", async () => {
    const context = contextWith(async () => {
      // A call of the page that ran meanwhile may have read what the write changes.
      context.apiReads.set("read meanwhile", Promise.resolve(true));
      throw new Error("the API failed");
    });
    expect(await thrown(apiCall(context, "/api/teams", { method: "DELETE" }))).toMatchObject({
      init: { status: 503 },
    });
    expect(context.apiReads.size).toBe(0);
  });

  it("turns an API error body into an ApiRequestError", async () => {
    const context = contextWith(async () =>
      Response.json(
        { statusCode: 404, errorCode: "notFound", message: "No such team" },
        { status: 404 },
      ),
    );
    const error = await thrown(apiCall(context, "/api/teams/nope"));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).errorCode).toBe("notFound");
  });

  it("says the service is unavailable when the API does not answer in time", async () => {
    const context = contextWith(() => new Promise<Response>(() => {}));
    const error = await thrown(apiCall(context, "/api/status"));
    expect(error).toMatchObject({ init: { status: 503 }, data: { errorCode: "noConnection" } });
  });

  it("gives up when the caller's own signal aborts, before the deadline", async () => {
    const context = contextWith(() => new Promise<Response>(() => {}), 60_000);
    const controller = new AbortController();
    const call = thrown(apiCall(context, "/api/status", { signal: controller.signal }));
    controller.abort();
    expect(await call).toMatchObject({ init: { status: 503 } });
  });

  it("leaves no deadline timer behind once the API has answered", async () => {
    vi.useFakeTimers();
    try {
      const context = contextWith(async () => Response.json({ ok: true }));
      expect(await apiCall(context, "/api/status")).toEqual({ status: 200, body: { ok: true } });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the service is unavailable when the API's handler fails", async () => {
    const context = contextWith(() => Promise.reject(new Error("the database is gone")));
    const error = await thrown(apiCall(context, "/api/status"));
    expect(error).toMatchObject({ init: { status: 503 }, data: { errorCode: "noConnection" } });
  });
});
