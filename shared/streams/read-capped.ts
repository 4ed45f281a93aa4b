/**
 * A stream read to its end as one array of bytes, refused (the rest cancelled, `tooBig()`
 * thrown) once it passes `maxBytes`: a page fetched, a feed unpacked, never held unbounded.
 */
export function readCapped(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooBig: () => Error,
): Promise<Uint8Array> {
  // Anything but a stream reads as nothing, so no caller gets a rejection it did not expect.
  if (typeof stream?.getReader !== 'function') return Promise.resolve(new Uint8Array(0));
  return readAll(stream.getReader(), maxBytes, tooBig);
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  tooBig: () => Error,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    parts.push(value);
  }
  return joinChunks(parts);
}

/** The chunks of a stream read to its end, as one array of bytes (anything else is skipped). */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const parts = Array.isArray(chunks) ? chunks.filter((c) => c instanceof Uint8Array) : [];
  const bytes = new Uint8Array(parts.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of parts) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
