import { once } from "node:events";
import { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageStream, wholePage } from "#app/shell/page-body.server.ts";

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

describe("wholePage", () => {
  it("hands over everything written, in order, once the writing ends", async () => {
    let page: Uint8Array | undefined;
    const sink = wholePage(
      (written) => {
        page = written;
      },
      (error) => {
        throw error;
      },
    );
    sink.write(Buffer.from("<!DOCTYPE html>"));
    sink.write(Buffer.from("<p>héllo</p>"));
    expect(page).toBeUndefined();
    sink.end();
    await once(sink, "finish");
    expect(text(page ?? new Uint8Array())).toBe("<!DOCTYPE html><p>héllo</p>");
  });

  it("hands over a failure instead, so the request is still answered", async () => {
    const failures: Error[] = [];
    const sink = wholePage(
      () => {
        throw new Error("no page expected");
      },
      (error) => failures.push(error),
    );
    const closed = new Promise((resolve) => sink.on("close", resolve));
    sink.on("error", () => undefined);
    sink.write(Buffer.from("<!DOCTYPE html>"));
    sink.destroy(new Error("render failed"));
    await closed;
    expect(failures.map((error) => error.message)).toEqual(["render failed"]);
  });
});

describe("pageStream", () => {
  it("reads what was written together as one chunk, and each later burst as another", async () => {
    const { sink, stream } = pageStream();
    const reader = stream.getReader();
    sink.write(Buffer.from("<html>"));
    sink.write(Buffer.from("<body>the shell"));
    const first = await reader.read();
    expect(text(first.value ?? new Uint8Array())).toBe("<html><body>the shell");

    await nextTurn();
    sink.write(Buffer.from("<template>the rows"));
    sink.write(Buffer.from("</template>"));
    sink.end(Buffer.from("</html>"));
    const second = await reader.read();
    expect(text(second.value ?? new Uint8Array())).toBe("<template>the rows</template></html>");
    expect((await reader.read()).done).toBe(true);
  });

  it("closes its destination when the reader goes away, which stops the rendering", async () => {
    const { sink, stream } = pageStream();
    sink.write(Buffer.from("<html>"));
    const closed = once(sink, "close");
    await stream.cancel();
    await closed;
    expect(sink.destroyed).toBe(true);
  });

  it("passes a failure of the destination on to the reader", async () => {
    const { sink, stream } = pageStream();
    const reader = stream.getReader();
    sink.on("error", () => undefined);
    sink.destroy(new Error("render failed"));
    await expect(reader.read()).rejects.toThrow("render failed");
  });
});

describe("PageDestination", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("takes React's second end of a whole page without handing it to Node's Writable", async () => {
    const nodeEnds = vi.spyOn(Writable.prototype, "end");
    let sink: Writable | undefined;
    let ends: { mock: { calls: unknown[] } } | undefined;
    const page = await new Promise<Uint8Array>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("p", null, "héllo"), {
        onAllReady() {
          sink = wholePage(resolve, reject);
          ends = vi.spyOn(sink, "end");
          pipe(sink);
        },
      });
    });
    await nextTurn();
    expect(text(page)).toBe("<p>héllo</p>");
    // React ends its destination twice; Node's end runs once.
    expect(ends?.mock.calls).toHaveLength(2);
    expect(nodeEnds.mock.contexts.filter((context) => context === sink)).toHaveLength(1);
  });

  it("leaves a repeated end with a callback to Node, which reports the stream finished", async () => {
    const sink = wholePage(
      () => undefined,
      (error) => {
        throw error;
      },
    );
    sink.end();
    await once(sink, "finish");
    const error = await new Promise((resolve) => sink.end(resolve));
    expect(error).toMatchObject({ code: "ERR_STREAM_ALREADY_FINISHED" });
  });
});
