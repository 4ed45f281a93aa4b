import type { IncomingMessage } from 'node:http';
import { ERRORS } from './errors.ts';

/** One part's headers: its field name, its file name when it is a file, its content type. */
interface PartHead {
  name: string;
  filename: string | undefined;
  contentType: string;
}

type MultipartEvent = { kind: 'part'; head: PartHead } | { kind: 'data'; chunk: Buffer };

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;
/** @fastify/multipart as storage-api registers it: 10 fields, 1 file; we allow a few parts more. */
const MAX_PARTS = 12;

/** The boundary of a multipart/form-data Content-Type, or undefined when it names none. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]*))`, 'i').exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function parseHead(text: string): PartHead {
  let disposition = '';
  let contentType = 'application/octet-stream';
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type' && value) contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw ERRORS.noContentProvided('Malformed part header');
  return { name: param(disposition, 'name') ?? '', filename: param(disposition, 'filename'), contentType };
}

/**
 * A multipart/form-data body as a stream of events, read as it arrives: each part's headers,
 * then its content in chunks. Nothing is buffered beyond one chunk and a boundary's length, so
 * a file part goes to disk at the pace the client sends it. The request is never destroyed
 * here (an error leaves the rest of the body for the caller to drain and answer).
 */
export async function* multipartEvents(
  req: IncomingMessage,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  // A leading CRLF lets the first boundary (which has none before it) match like the others.
  let buffer: Buffer = CRLF;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let parts = 0;

  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (state === 'done') {
        buffer = Buffer.alloc(0);
        break;
      }
      if (state === 'preamble') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - keep));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
      } else if (state === 'after-delimiter') {
        if (buffer.length < 2) break;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          break;
        }
        const eol = buffer.indexOf(CRLF);
        if (eol < 0) {
          if (buffer.length > 256) throw ERRORS.noContentProvided('Malformed multipart body');
          break;
        }
        // RFC 2046 lets transport padding (spaces, tabs) follow a boundary.
        if (!/^[ \t]*$/.test(buffer.subarray(0, eol).toString('latin1'))) {
          throw ERRORS.noContentProvided('Malformed multipart body');
        }
        buffer = buffer.subarray(eol + 2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw ERRORS.noContentProvided('Part headers too large');
          break;
        }
        if (++parts > MAX_PARTS) throw ERRORS.noContentProvided('Too many parts');
        yield { kind: 'part', head: parseHead(buffer.subarray(0, end).toString('utf8')) };
        buffer = buffer.subarray(end + HEADER_END.length);
        state = 'body';
      } else {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          if (buffer.length > keep) {
            yield { kind: 'data', chunk: buffer.subarray(0, buffer.length - keep) };
            buffer = buffer.subarray(buffer.length - keep);
          }
          break;
        }
        if (at > 0) yield { kind: 'data', chunk: buffer.subarray(0, at) };
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
      }
    }
    // Copy the small remainder so the chunk it points into can be freed.
    buffer = Buffer.from(buffer);
  }
  if (state !== 'done') throw ERRORS.noContentProvided('Unexpected end of form');
}
