// A plain-English reading of a five-field cron expression, for the schedule form and list. It
// covers the common shapes and otherwise reads each field; the API remains the judge of validity.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
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
const DAY_NAMES: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const MONTH_NAMES: Record<string, number> = Object.fromEntries(
  MONTHS.map((m, i) => [m.slice(0, 3).toLowerCase(), i + 1]),
);

const isNumber = (f: string) => /^\d+$/.test(f);
const pad = (n: string) => n.padStart(2, '0');

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

function listOf(field: string, name: (value: string) => string): string {
  const parts = field.split(',').map((part) => {
    const range = /^(\w+)-(\w+)$/.exec(part);
    return range ? `${name(range[1]!)} to ${name(range[2]!)}` : name(part);
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

const dayName = (v: string) => {
  const n = isNumber(v) ? Number(v) % 7 : DAY_NAMES[v.toLowerCase()];
  return n === undefined ? v : DAYS[n]!;
};
const monthName = (v: string) => {
  const n = isNumber(v) ? Number(v) : MONTH_NAMES[v.toLowerCase()];
  return n === undefined || n < 1 || n > 12 ? v : MONTHS[n - 1]!;
};

function timePart(minute: string, hour: string): string {
  if (minute === '*' && hour === '*') return 'every minute';
  const step = /^\*\/(\d+)$/;
  if (step.test(minute) && hour === '*') return `every ${step.exec(minute)![1]} minutes`;
  if (isNumber(minute) && hour === '*')
    return minute === '0' ? 'every hour, on the hour' : `every hour at minute ${minute}`;
  if (isNumber(minute) && step.test(hour)) {
    const n = step.exec(hour)![1];
    return `every ${n} hours at minute ${minute}`;
  }
  if (isNumber(minute) && isNumber(hour)) return `at ${pad(hour)}:${pad(minute)}`;
  if (isNumber(minute) && /^[\d,-]+$/.test(hour)) return `at minute ${minute} past hour ${listOf(hour, (h) => h)}`;
  return `minute ${minute}, hour ${hour}`;
}

/** English for a cron expression, or null when it does not have five fields. */
export function describeCron(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || fields.some((f) => !f)) return null;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const parts = [timePart(minute, hour)];
  if (dom !== '*')
    parts.push(
      /^\*\/\d+$/.test(dom)
        ? `every ${dom.slice(2)} days`
        : `on the ${listOf(dom, (d) => (isNumber(d) ? ordinal(Number(d)) : d))} of the month`,
    );
  if (dow !== '*') parts.push(`${dom !== '*' ? 'or ' : ''}on ${listOf(dow, dayName)}`);
  if (month !== '*') parts.push(`in ${listOf(month, monthName)}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "in 3 hours" for a time ahead; "due now" once it has passed. */
export function formatUntil(value: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return 'Unknown';
  if (seconds < 60) return 'due now';
  const [size, name] =
    seconds >= 86_400 ? [86_400, 'day'] : seconds >= 3600 ? [3600, 'hour'] : ([60, 'minute'] as const);
  const n = Math.floor(seconds / size);
  return `in ${n} ${name}${n === 1 ? '' : 's'}`;
}
