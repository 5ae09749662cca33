import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api-server.ts";

let api: TestApi;
const content = Buffer.from("0123456789abcdefghij");

beforeAll(async () => {
  api = await startApi();
  await api.blobs.put("files/t1/report.txt", Readable.from([content]), {
    contentType: "text/plain",
  });
});
afterAll(() => api.close());

async function link(
  key: string,
  options: { expiresInSeconds?: number; disposition?: string } = {},
) {
  return api.blobs.signedUrl(key, {
    expiresInSeconds: options.expiresInSeconds ?? 60,
    contentDisposition: options.disposition,
  });
}

async function expectError(response: Response, status: number, errorCode: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ statusCode: status, errorCode });
}

describe("GET /api/blobs/* (signed disk links)", () => {
  it("serves the blob with its type, length, and headers that keep its content inert", async () => {
    const response = await api.request(await link("files/t1/report.txt"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(response.headers.get("content-length")).toBe(String(content.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content);
  });

  it("serves the Content-Disposition the link was signed with", async () => {
    const disposition = 'attachment; filename="report.txt"';
    const response = await api.request(await link("files/t1/report.txt", { disposition }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(disposition);
  });

  it("answers byte ranges with 206 and Content-Range, so downloads resume", async () => {
    const url = await link("files/t1/report.txt");
    const middle = await api.request(url, { headers: { Range: "bytes=2-5" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 2-5/${content.length}`);
    expect(await middle.text()).toBe("2345");

    const rest = await api.request(url, { headers: { Range: "bytes=15-" } });
    expect(rest.status).toBe(206);
    expect(await rest.text()).toBe("fghij");

    const suffix = await api.request(url, { headers: { Range: "bytes=-3" } });
    expect(await suffix.text()).toBe("hij");
  });

  it("answers a range past the end with 416 and the size", async () => {
    const response = await api.request(await link("files/t1/report.txt"), {
      headers: { Range: "bytes=500-" },
    });
    expect(response.headers.get("content-range")).toBe(`bytes */${content.length}`);
    await expectError(response, 416, "invalidInput");
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await api.request(await link("files/t1/report.txt"), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(content.length));
    expect(await response.text()).toBe("");
  });

  it("refuses a link whose signature, key or disposition was changed", async () => {
    const url = new URL(await link("files/t1/report.txt"), api.url);
    const tampered = new URL(url);
    // A different first character (one signature in 64 already starts with any given one).
    const signature = url.searchParams.get("signature") ?? "";
    const first = signature.startsWith("x") ? "y" : "x";
    tampered.searchParams.set("signature", `${first}${signature.slice(1)}`);
    await expectError(await api.request(tampered.pathname + tampered.search), 403, "forbidden");

    const otherKey = `${url.pathname.replace("report", "other")}${url.search}`;
    await expectError(await api.request(otherKey), 403, "forbidden");

    const inline = new URL(url);
    inline.searchParams.set("disposition", "inline");
    await expectError(await api.request(inline.pathname + inline.search), 403, "forbidden");

    await expectError(await api.request(url.pathname), 403, "forbidden");
  });

  it("refuses an expired link with expiredToken", async () => {
    const url = await link("files/t1/report.txt", { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expectError(await api.request(url), 410, "expiredToken");
  });

  it("answers a path that is not valid percent-encoding with 400 invalidInput, not a 500", async () => {
    const signed = new URL(await link("files/t1/report.txt"), api.url);
    for (const key of ["%", "%ED%A0%80", "files/t1/report%2", "files/t1/%E2%82.txt"]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await api.request(`/api/blobs/${key}${signed.search}`, { method });
        expect(response.status, `${method} ${key}`).toBe(400);
        if (method === "GET") {
          expect(await response.json()).toEqual({
            statusCode: 400,
            errorCode: "invalidInput",
            message: expect.stringMatching(/percent-encoding/),
          });
        }
      }
    }
  });

  it("answers notFound for a validly signed link to a blob that is gone", async () => {
    await api.blobs.put("files/t1/gone.txt", Readable.from([Buffer.from("x")]), {
      contentType: "text/plain",
    });
    const url = await link("files/t1/gone.txt");
    await api.blobs.delete("files/t1/gone.txt");
    await expectError(await api.request(url), 404, "notFound");
  });
});
