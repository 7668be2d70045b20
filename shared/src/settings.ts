import { z } from 'zod';
import { DEFAULT_TRIAL_DAYS } from './limits';

// Known settings: each key has a schema and a default. Unknown keys are refused by the settings
// calls, so a typo never becomes a silent no-op.

export const KNOWN_SETTINGS = {
  'auth.trial_days': {
    schema: z.number().int().min(1).max(3650),
    default: DEFAULT_TRIAL_DAYS,
    description: 'Length of the trial given to new accounts, in days',
  },
} as const;

export type SettingKey = keyof typeof KNOWN_SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof KNOWN_SETTINGS)[K]['schema']>;
