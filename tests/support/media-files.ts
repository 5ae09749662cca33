import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Real HEIC and video files for the media tests, made by Debian's tools (heif-enc, exiftool,
 * ffmpeg) in a temporary folder: nothing is mocked.
 */

const execFileAsync = promisify(execFile);

/** Runs a tool without a shell; rejects, with its error output, when it fails. */
export async function tool(command: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(command, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export async function tempFolder(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `raccolta-${prefix}-`));
}

/** A HEIC from one or more JPEGs (heif-enc puts them all in one file, the first primary). */
export async function heicFrom(jpegs: string[], output: string, extra: string[] = []) {
  await tool("heif-enc", ["-q", "60", ...extra, ...jpegs, "-o", output]);
  return fs.readFile(output);
}

/** The offsets of every box of this type, wherever it is nested. */
function boxOffsets(bytes: Buffer, type: string): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(type); at >= 4; at = bytes.indexOf(type, at + 1)) found.push(at - 4);
  return found;
}

/** The file with every `ispe` box (the declared image size) saying `width` × `height`. */
export function withDeclaredSize(heic: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(heic);
  // ispe: size, 'ispe', version and flags, then width and height.
  for (const box of boxOffsets(patched, "ispe")) {
    patched.writeUInt32BE(width, box + 12);
    patched.writeUInt32BE(height, box + 16);
  }
  return patched;
}

/** The file with its `pitm` box naming another item as the primary image. */
export function withPrimaryItem(heic: Buffer, itemId: number): Buffer {
  const patched = Buffer.from(heic);
  const [box] = boxOffsets(patched, "pitm");
  if (box === undefined) throw new Error("no pitm box");
  // pitm, version 0: size, 'pitm', version and flags, then a 16-bit item id.
  patched.writeUInt16BE(itemId, box + 12);
  return patched;
}
