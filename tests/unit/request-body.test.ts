import { describe, expect, it } from "vitest";
import { BodyRefusal, guardActionRequest } from "#app/services/request-body.server.ts";
import { FORM_BODY_MAX_BYTES } from "#app/services/request-body.ts";

const url = "http://raccolta.test/auth/signin";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body that arrives in chunks, with no length said up front. */
function chunked(bytes: number) {
  const chunk = new TextEncoder().encode("a".repeat(1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function refusalOf(action: () => unknown) {
  try {
    await action();
  } catch (error) {
    if (error instanceof BodyRefusal) return { status: error.status, errorCode: error.errorCode };
    throw error;
  }
  return null;
}

describe("guardActionRequest", () => {
  it("lets a form through, to be read as usual", async () => {
    const guarded = guardActionRequest(post(new URLSearchParams({ identifier: "ada" })));
    expect((await guarded.formData()).get("identifier")).toBe("ada");
    const empty = new Request(url, { method: "POST" });
    expect(guardActionRequest(empty)).toBe(empty);
  });

  it("reads an empty post as no form at all: 400, not a parser's error", async () => {
    // Bytes, not a string: a string body would be given a text/plain type.
    const empty = guardActionRequest(post(new Uint8Array(), { "Content-Length": "0" }));
    expect(await refusalOf(() => empty.formData())).toEqual({
      status: 400,
      errorCode: "unreadableForm",
    });
    const emptyMultipart = guardActionRequest(
      post(new Uint8Array(), {
        "Content-Length": "0",
        "Content-Type": "multipart/form-data; boundary=x",
      }),
    );
    expect(await refusalOf(() => emptyMultipart.formData())).toEqual({
      status: 400,
      errorCode: "unreadableForm",
    });
    const emptyText = post("", { "Content-Length": "0", "Content-Type": "text/plain" });
    expect(await refusalOf(() => guardActionRequest(emptyText))).toEqual({
      status: 415,
      errorCode: "unsupportedForm",
    });
  });

  it.each([
    ["text/plain", "x"],
    ["application/json", "{}"],
    ["multipart/form-data", "x"],
    ["application/x-www-form-urlencoded-but-not", "x"],
  ])("refuses a %s body before reading it: 415", async (type, body) => {
    expect(await refusalOf(() => guardActionRequest(post(body, { "Content-Type": type })))).toEqual(
      {
        status: 415,
        errorCode: "unsupportedForm",
      },
    );
  });

  it("takes what the route says it takes", async () => {
    const guarded = guardActionRequest(post('{"theme":"dark"}', { "Content-Type": "text/plain" }), {
      body: { types: ["text/plain"] },
    });
    expect(await guarded.text()).toBe('{"theme":"dark"}');
  });

  it("refuses a declared length over the limit at once, and a chunked body once it passes it", async () => {
    const big = `a=${"x".repeat(FORM_BODY_MAX_BYTES)}`;
    const declared = post(big, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(big.length),
    });
    expect(await refusalOf(() => guardActionRequest(declared))).toEqual({
      status: 413,
      errorCode: "formTooLarge",
    });
    const streamed = guardActionRequest(
      post(chunked(10 * FORM_BODY_MAX_BYTES), {
        "Content-Type": "application/x-www-form-urlencoded",
      }),
    );
    expect(await refusalOf(() => streamed.formData())).toEqual({
      status: 413,
      errorCode: "formTooLarge",
    });
    // A route's own limit.
    const avatar = guardActionRequest(
      post(chunked(2 * FORM_BODY_MAX_BYTES), { "Content-Type": "text/plain" }),
      { body: { maxBytes: 4 * FORM_BODY_MAX_BYTES, types: ["text/plain"] } },
    );
    expect((await avatar.text()).length).toBe(2 * FORM_BODY_MAX_BYTES);
  });

  it("answers 400 for a body that is not what its type says", async () => {
    const broken = guardActionRequest(
      post('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', {
        "Content-Type": "multipart/form-data; boundary=xyz",
      }),
    );
    expect(await refusalOf(() => broken.formData())).toEqual({
      status: 400,
      errorCode: "unreadableForm",
    });
    const json = guardActionRequest(post("{", { "Content-Type": "application/json" }), {
      body: { types: ["application/json"] },
    });
    expect(await refusalOf(() => json.json())).toEqual({
      status: 400,
      errorCode: "unreadableForm",
    });
  });
});
