"""Opens a zip with Python's own zipfile and prints what it found, as JSON, for the tests.

    python3 zipcheck.py FILE            every entry read whole (CRC-32 checked by zipfile)
    python3 zipcheck.py FILE --sample   the central directory, and the first and last three
                                        entries read whole (for archives of many entries)
    python3 zipcheck.py URL             the archive read over HTTP with Range requests, as a
                                        seekable file: the central directory, every entry under
                                        1 MiB read whole, and the first and last 16 bytes of the
                                        larger ones (a 4 GiB entry is not fetched)

Prints {"entries": [{"name", "size", "date", "flag_bits", "sha256"?, "head"?, "tail"?}],
"fetched": bytes read}. zipfile raises on a bad archive or a CRC mismatch, and the test sees a
non-zero exit.
"""

import hashlib
import io
import json
import struct
import sys
import urllib.request
import zipfile

SMALL = 1024 * 1024


class RangeFile(io.RawIOBase):
    """A read-only, seekable file over HTTP: each read is one Range request."""

    def __init__(self, url):
        self.url = url
        self.position = 0
        self.fetched = 0
        head = urllib.request.urlopen(urllib.request.Request(url, method="HEAD"))
        self.size = int(head.headers["Content-Length"])

    def seekable(self):
        return True

    def readable(self):
        return True

    def tell(self):
        return self.position

    def seek(self, offset, whence=io.SEEK_SET):
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self.position, io.SEEK_END: self.size}[whence]
        self.position = base + offset
        return self.position

    def read(self, count=-1):
        end = self.size if count is None or count < 0 else min(self.size, self.position + count)
        if end <= self.position:
            return b""
        request = urllib.request.Request(
            self.url, headers={"Range": f"bytes={self.position}-{end - 1}"}
        )
        with urllib.request.urlopen(request) as response:
            if response.status != 206:
                raise IOError(f"expected 206, got {response.status}")
            data = response.read()
        if len(data) != end - self.position:
            raise IOError(f"asked {end - self.position} bytes, got {len(data)}")
        self.position = end
        self.fetched += len(data)
        return data

    def readinto(self, buffer):
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def data_bounds(raw, info):
    """Where an entry's stored bytes start, from its local header."""
    raw.seek(info.header_offset)
    header = raw.read(30)
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    return info.header_offset + 30 + name_length + extra_length


def describe(archive, raw, info, whole, read=True):
    entry = {
        "name": info.filename,
        "size": info.file_size,
        "date": list(info.date_time),
        "flag_bits": info.flag_bits,
        "compress_type": info.compress_type,
    }
    if not read:
        pass
    elif whole or info.file_size < SMALL:
        with archive.open(info) as member:
            entry["sha256"] = hashlib.sha256(member.read()).hexdigest()
    else:
        start = data_bounds(raw, info)
        raw.seek(start)
        entry["head"] = raw.read(16).hex()
        raw.seek(start + info.file_size - 16)
        entry["tail"] = raw.read(16).hex()
    return entry


def main(target, sample=False):
    whole = not target.startswith("http")
    raw = open(target, "rb") if whole else RangeFile(target)
    archive = zipfile.ZipFile(raw)
    infos = archive.infolist()
    read = lambda index: not sample or index < 3 or index >= len(infos) - 3
    entries = [describe(archive, raw, info, whole, read(i)) for i, info in enumerate(infos)]
    # One dumps (the C encoder) rather than dump, which writes piece by piece.
    sys.stdout.write(json.dumps({"entries": entries, "fetched": getattr(raw, "fetched", None)}))


if __name__ == "__main__":
    main(sys.argv[1], "--sample" in sys.argv[2:])
