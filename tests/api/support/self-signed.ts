import { generateKeyPairSync, randomBytes, sign, X509Certificate } from "node:crypto";
import { isIP } from "node:net";

/**
 * A self-signed certificate for test HTTPS servers, built with node:crypto alone (no openssl
 * binary, no package): an ECDSA P-256 key and a minimal X.509 v3 certificate whose subject
 * alternative names are the given DNS names and IP addresses.
 */
export function selfSignedCertificate(names: string[]): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const ecdsaWithSha256 = sequence(oid("1.2.840.10045.4.3.2"));
  const name = sequence(set(sequence(oid("2.5.4.3"), utf8(names[0] ?? "test"))));
  const now = Date.now();
  const serial = randomBytes(16);
  // Positive (high bit clear) and never a leading zero byte, which DER calls padding and
  // refuses: a zero first byte made about one certificate in 256 fail to parse.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const altNames = names.map((entry) =>
    isIP(entry) ? tagged(0x87, ipBytes(entry)) : tagged(0x82, Buffer.from(entry, "ascii")),
  );
  const extensions = sequence(
    // basicConstraints, critical, cA: the certificate is its own trust anchor
    sequence(oid("2.5.29.19"), boolean(true), octetString(sequence(boolean(true)))),
    sequence(oid("2.5.29.17"), octetString(sequence(...altNames))),
  );
  const tbs = sequence(
    tagged(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    tagged(0xa3, extensions),
  );
  const signature = sign("sha256", tbs, privateKey);
  const der = sequence(
    tbs,
    ecdsaWithSha256,
    tagged(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const cert = `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd()}\n-----END CERTIFICATE-----\n`;
  // Fails here rather than in a TLS handshake if the encoding above is wrong.
  if (!new X509Certificate(cert).verify(publicKey)) throw new Error("Bad self-signed certificate");
  return { key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), cert };
}

function tagged(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else if (length < 0x100) header = [tag, 0x81, length];
  else header = [tag, 0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from(header), content]);
}

const sequence = (...items: Buffer[]) => tagged(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tagged(0x31, Buffer.concat(items));
const octetString = (content: Buffer) => tagged(0x04, content);
const boolean = (value: boolean) => tagged(0x01, Buffer.from([value ? 0xff : 0]));
const utf8 = (text: string) => tagged(0x0c, Buffer.from(text, "utf8"));

function integer(bytes: Buffer): Buffer {
  return tagged(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, "").slice(2, 14);
  return tagged(0x17, Buffer.from(`${text}Z`, "ascii"));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tagged(0x06, Buffer.from(bytes));
}

function ipBytes(address: string): Buffer {
  if (isIP(address) === 4) return Buffer.from(address.split(".").map(Number));
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return Buffer.from(
    groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]),
  );
}
