import { dateOfDay, dayNumber } from '../../../shared/dates/day-number.ts';
import { audText } from '../../../shared/display/number-text.ts';

/**
 * A date formatter made on first use: the first Intl formatter a page makes loads the browser's
 * locale data (a long task), so a screen that shows no date never pays for one.
 */
function dates(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-AU', options);
    return format.format(date);
  };
}

const dayMonth = dates({ day: 'numeric', month: 'short' });
const fullDate = dates({ day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = dates({ dateStyle: 'medium', timeStyle: 'short' });
const shortDay = dates({ weekday: 'short', day: 'numeric', month: 'short' });

/** Dollars in AUD ('$4.50'); a missing or non-finite amount shows as a dash rather than NaN. */
export function formatAud(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? audText(amount) : '—';
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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'Sunday 29 November', as en-AU's Intl writes it (tested against it), but without Intl: the
 * planner's days open the app, and a first Intl formatter costs a long task (see `dates`).
 * '' for what is not a date.
 */
export function formatDay(iso: string): string {
  const day = dayNumber(iso);
  if (day === null) return '';
  const [, month, date] = dateOfDay(day).split('-').map(Number);
  // 1 January 1970, day 0, was a Thursday.
  return `${WEEKDAYS[(((day + 4) % 7) + 7) % 7]} ${date} ${MONTHS[(month ?? 1) - 1]}`;
}

export function formatShortDay(iso: string): string {
  return shortDay(localDate(iso));
}

/** '12 Oct': a chart's axis label. */
export function formatDayMonth(iso: string): string {
  return dayMonth(localDate(iso));
}

/** '1 November 2026'. */
export function formatDate(iso: string): string {
  return fullDate(localDate(iso));
}

/** An instant (timestamptz) in the browser's zone: '25 Nov 2026, 2:57 pm'; '' for nonsense. */
export function formatDateTime(instant: string): string {
  const d = new Date(instant);
  return Number.isFinite(d.getTime()) ? dateTime(d) : '';
}

/** Integer cents as AUD ('$4.50'). */
export function formatCents(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? audText(cents / 100) : '—';
}
