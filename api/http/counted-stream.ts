import { pipeline, type Readable, Transform } from "node:stream";

/**
 * `source` passed through a counter that tells `counted` how many bytes went on once the
 * response is over, however it ended. A client that goes away destroys the counter, and the
 * pipeline then destroys `source` too, so no file or bucket stream is left open; a source that
 * fails (a blob gone) ends the response early and is told to `failed`.
 */
export function countedStream(
  source: Readable,
  counted: (bytes: number) => void,
  failed: (error: Error) => void,
): Readable {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  counter.once("close", () => counted(bytes));
  pipeline(source, counter, (error) => {
    if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") failed(error);
  });
  return counter;
}
