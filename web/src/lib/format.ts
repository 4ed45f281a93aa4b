const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const dayFormat = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long' });
const dayMonth = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short' });
const fullDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short' });

/** Dollars in AUD ('$4.50'); a missing or non-finite amount shows as a dash rather than NaN. */
export function formatAud(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? aud.format(amount) : '—';
}

/** A signed percentage with one decimal ('+3.2%', '−1.0%'), or '' for zero or nonsense. */
export function formatChange(percent: number | null | undefined): string {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || Math.abs(percent) < 0.05) return '';
  const sign = percent > 0 ? '+' : '−';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

/** ISO date (yyyy-mm-dd) parsed as a local calendar date, never shifted by time zones. */
function localDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function formatDay(iso: string): string {
  return dayFormat.format(localDate(iso));
}

export function formatShortDay(iso: string): string {
  return shortDay.format(localDate(iso));
}

/** '12 Oct': a chart's axis label. */
export function formatDayMonth(iso: string): string {
  return dayMonth.format(localDate(iso));
}

/** '1 November 2026'. */
export function formatDate(iso: string): string {
  return fullDate.format(localDate(iso));
}

/** An instant (timestamptz) in the browser's zone: '25 Nov 2026, 2:57 pm'; '' for nonsense. */
export function formatDateTime(instant: string): string {
  const d = new Date(instant);
  return Number.isFinite(d.getTime()) ? dateTime.format(d) : '';
}

/** Integer cents as AUD ('$4.50'). */
export function formatCents(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? aud.format(cents / 100) : '—';
}
