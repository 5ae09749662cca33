import { once } from "node:events";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { pageStream, wholePage } from "#app/services/page-body.server.ts";

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
