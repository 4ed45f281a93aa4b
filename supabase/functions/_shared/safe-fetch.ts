import { readCapped } from './domain.ts';
import { HttpError } from './http.ts';

/**
 * Fetching an address a user typed, without becoming a way into the server's own network
 * (server-side request forgery): only http and https; every address the name resolves to must be
 * public (not loopback, private, link-local, carrier-grade NAT, multicast or the cloud metadata
 * range), checked again after each redirect (at most 5); 10 seconds in all; at most 5 MB; HTML
 * and JSON only for a page, images only for a photo. Each refusal is a 400 naming the reason.
 *
 * Hosts in `allowHosts` skip the address check: the local stack's tests serve their fixture
 * pages on loopback (IMPORT_ALLOW_HOSTS in the functions' env file). Between the check and the
 * connection a name could be re-pointed (DNS rebinding); the short timeout and the redirect
 * re-checks narrow that, and hosted Supabase's functions do not reach the project's database
 * network through their public egress in any case.
 */
export interface SafeFetchOptions {
  allowHosts?: ReadonlySet<string>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** What is fetched: a recipe's page (HTML or JSON, the default) or its photo (an image). */
  kind?: FetchKind;
}

export type FetchKind = 'page' | 'photo';

export interface Fetched {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

const KINDS: Record<FetchKind, { accept: string; types: RegExp; refusal: string }> = {
  page: {
    accept: 'text/html, application/json',
    types: /^(text\/html|application\/xhtml\+xml|application\/(ld\+)?json|text\/json)\b/i,
    refusal: 'not a web page',
  },
  photo: {
    accept: 'image/avif, image/webp, image/png, image/jpeg',
    types: /^image\/(jpeg|png|webp|avif|gif)\b/i,
    refusal: 'not a photo Larder can read',
  },
};

export async function safeFetch(address: string, options: SafeFetchOptions = {}): Promise<Fetched> {
  const {
    allowHosts = new Set(),
    timeoutMs = 10_000,
    maxBytes = 5 * 1024 * 1024,
    maxRedirects = 5,
    kind = 'page',
  } = options;
  const { accept, types, refusal } = KINDS[kind];
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseAddress(address);
  for (let hop = 0; ; hop++) {
    await checkHost(url, allowHosts);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept },
      });
    } catch (error) {
      if (signal.aborted)
        throw new HttpError(400, `The ${kind} did not answer within ${timeoutMs / 1000} seconds.`);
      throw new HttpError(400, `The ${kind} could not be fetched: ${(error as Error).message}`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= maxRedirects)
        throw new HttpError(400, `The ${kind} redirects more than ${maxRedirects} times.`);
      url = parseAddress(new URL(response.headers.get('location') as string, url).href);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HttpError(400, `The ${kind} answered ${response.status}.`);
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!types.test(contentType)) {
      await response.body?.cancel();
      throw new HttpError(400, `The address is ${refusal} (it is ${contentType || 'of no stated type'}).`);
    }
    return { url: url.href, contentType, bytes: await readBody(response, maxBytes, kind) };
  }
}

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new HttpError(400, 'The address is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, 'Only http and https addresses can be imported.');
  }
  if (url.username || url.password)
    throw new HttpError(400, 'An address with a user name or password cannot be imported.');
  return url;
}

async function checkHost(url: URL, allowHosts: ReadonlySet<string>): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHosts.has(host) || allowHosts.has(url.host)) return;
  let addresses: string[];
  if (isIpAddress(host)) addresses = [host];
  else {
    const [v4, v6] = await Promise.all([resolve(host, 'A'), resolve(host, 'AAAA')]);
    addresses = [...v4, ...v6];
    if (addresses.length === 0) throw new HttpError(400, `The name ${host} does not resolve.`);
  }
  for (const address of addresses) {
    if (!isPublicAddress(address)) {
      throw new HttpError(
        400,
        `The address ${host} is on a private network (${address}) and cannot be imported.`,
      );
    }
  }
}

async function resolve(host: string, type: 'A' | 'AAAA'): Promise<string[]> {
  try {
    return await Deno.resolveDns(host, type);
  } catch {
    // localhost and other names from the hosts file are not in DNS; treat them as loopback.
    return host === 'localhost' || host.endsWith('.localhost') ? [type === 'A' ? '127.0.0.1' : '::1'] : [];
  }
}

const isIpAddress = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** Public unicast addresses only (IANA special-purpose registries, IPv4 and IPv6). */
export function isPublicAddress(address: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if ([a, b, Number(v4[3]), Number(v4[4])].some((n) => n > 255)) return false;
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return isPublicAddress(mapped[1] as string);
  if (v6 === '::' || v6 === '::1') return false;
  return !/^(f[c-d]|fe[89ab]|ff|64:ff9b:1:|2001:db8:|0:)/.test(v6);
}

async function readBody(response: Response, maxBytes: number, kind: FetchKind): Promise<Uint8Array> {
  const tooBig = () => new HttpError(400, `The ${kind} is larger than ${maxBytes / 1024 / 1024} MB.`);
  const declared = Number(response.headers.get('content-length') ?? '');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooBig();
  }
  if (!response.body) return new Uint8Array(0);
  return await readCapped(response.body, maxBytes, tooBig);
}
