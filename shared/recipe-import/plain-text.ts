/** Text as shown: tags dropped, the common entities decoded, white space made single. Never HTML. */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_m, e: string) => {
      const lower = e.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return safeChar(Number.parseInt(lower.slice(1), 10));
      return (
        ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[lower] ??
        ''
      );
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeChar(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : '';
}
