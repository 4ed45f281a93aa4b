import type { z } from 'zod';
import { HttpError } from './http.ts';

/** Bodies are a few small fields; anything larger is a mistake or an attack. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads the request body as JSON and validates it with `schema`.
 *
 * Stops reading as soon as the body passes {@link MAX_BODY_BYTES}, so a huge body costs no
 * memory, and turns every problem (too large, not JSON, not an object, wrong fields) into a 400
 * that says what to fix.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const text = await readText(req, MAX_BODY_BYTES);
  if (text.trim() === '') throw new HttpError(400, 'The request body must be a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field === '' || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
    })
    .join(' ');
}

async function readText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (req.body === null) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The request body is not valid UTF-8 text.');
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(400, `The request body is too large (at most ${limit / 1024} KB).`);
}
