/**
 * Phoenix channel frames as realtime-js speaks them. Serializer 2.0.0 (the default) sends JSON
 * arrays `[join_ref, ref, topic, event, payload]` and binary "user broadcast push" frames for
 * `channel.send({type: 'broadcast'})`; 1.0.0 sends JSON objects `{topic, event, payload, ref}`.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class FrameError extends Error {}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

const asRef = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Frame {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    throw new FrameError('a message needs a string topic and event');
  }
  if (payload === null || typeof payload !== 'object') {
    throw new FrameError('a message payload must be an object');
  }
  return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload };
}

/** Decodes one client frame; throws FrameError on anything realtime-js would never send. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) return decodeBinary(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new FrameError('the message is not valid JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new FrameError('a 2.0.0 message is an array [join_ref, ref, topic, event, payload]');
    }
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FrameError('a 1.0.0 message is an object {topic, event, payload, ref}');
  }
  const m = parsed as Record<string, unknown>;
  return fromParts(m.join_ref, m.ref, m.topic, m.event, m.payload);
}

function decodeBinary(data: Buffer): Frame {
  const header = 7;
  if (data.length < header || data[0] !== USER_BROADCAST_PUSH) {
    throw new FrameError('unsupported binary message');
  }
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6];
  let offset = header;
  const strings = lengths.map((length) => {
    if (offset + length > data.length) throw new FrameError('truncated binary message');
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  });
  const [joinRef, ref, topic, event, metadata] = strings as [string, string, string, string, string];
  const body = data.subarray(offset);
  let payload: unknown;
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('the broadcast payload is not valid JSON');
    }
  } else {
    payload = Buffer.from(body);
  }
  const message: Record<string, unknown> = { type: 'broadcast', event, payload };
  if (metadata) {
    try {
      Object.assign(message, JSON.parse(metadata));
    } catch {
      throw new FrameError('the broadcast metadata is not valid JSON');
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: message };
}

/** A payload already encoded as JSON (a change sent to many sockets is encoded once). */
export class RawJson {
  constructor(readonly json: string) {}
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  const j = JSON.stringify;
  const payload = frame.payload instanceof RawJson ? frame.payload.json : j(frame.payload);
  if (vsn === '2.0.0')
    return `[${j(frame.joinRef)},${j(frame.ref)},${j(frame.topic)},${j(frame.event)},${payload}]`;
  return `{"topic":${j(frame.topic)},"event":${j(frame.event)},"payload":${payload},"ref":${j(frame.ref)}}`;
}

/** A broadcast whose payload is binary goes back to 2.0.0 clients as a binary frame. */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  return encodeUserBroadcast(topic, event, payload, false, '');
}

/** Phoenix's "user broadcast" frame: kind, sizes, encoding (1 = JSON), then the parts. */
function encodeUserBroadcast(
  topic: string,
  event: string,
  body: Buffer,
  json: boolean,
  metadata: string,
): Buffer {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  const m = Buffer.from(metadata);
  return Buffer.concat([
    Buffer.from([USER_BROADCAST, t.length, e.length, m.length, json ? JSON_ENCODING : 0]),
    t,
    e,
    m,
    body,
  ]);
}

/**
 * A broadcast from the database (realtime.messages), as hosted Realtime sends it: to 2.0.0
 * clients a binary user-broadcast frame with the JSON payload and `{"id": …}` metadata, to 1.0.0
 * clients `{type, event, payload, meta: {id}}`. Encoded once per serializer, however many
 * sockets it goes to.
 */
export class UserBroadcast {
  private readonly frames = new Map<Vsn, string | Buffer>();

  constructor(
    readonly topic: string,
    readonly event: string,
    /** The payload: JSON, or the bytes of realtime.send_binary. */
    readonly payload: unknown,
    readonly meta: { id: string },
  ) {}

  frame(vsn: Vsn): string | Buffer {
    let frame = this.frames.get(vsn);
    if (frame === undefined) {
      const binary = Buffer.isBuffer(this.payload);
      if (vsn === '2.0.0') {
        const body = binary ? (this.payload as Buffer) : Buffer.from(JSON.stringify(this.payload ?? null));
        frame = encodeUserBroadcast(this.topic, this.event, body, !binary, JSON.stringify(this.meta));
      } else {
        const payload = binary ? (this.payload as Buffer).toString('base64') : this.payload;
        const message = { type: 'broadcast', event: this.event, payload, meta: this.meta };
        frame = encodeFrame(
          { joinRef: null, ref: null, topic: this.topic, event: 'broadcast', payload: message },
          vsn,
        );
      }
      this.frames.set(vsn, frame);
    }
    return frame;
  }
}
