import cronParser from 'cron-parser';
import { ApiError } from '../errors';

/** The next time a cron expression fires in a time zone; a bad expression is a 400 naming `cron`. */
export function nextRunAt(cron: string, timezone: string, after = new Date()): Date {
  try {
    return cronParser.parseExpression(cron, { currentDate: after, tz: timezone }).next().toDate();
  } catch (err) {
    throw new ApiError('VALIDATION_ERROR', `cron is not a valid expression: ${(err as Error).message}`, 'cron');
  }
}
