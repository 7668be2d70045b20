import { ANALYTICS_COOKIE_DAYS, CONSENT_VERSION, DEFAULT_ANALYTICS_PREFERENCES } from '@ideamine/shared/limits';
import { SETTING_KEYS, readSetting, writeSetting } from '../../settings/local-settings';

// Analytics consent of spec s3, s5 and s9: the choice lives in local settings and in a cookie
// that lasts 365 days; a stored choice under another consent version asks again.

export interface AnalyticsPreferences {
  analytics_enabled: boolean;
  performance_tracking: boolean;
  personalization: boolean;
  advertising: boolean;
  consent_date: string;
  consent_version: string;
}

export type PreferenceChoice = Omit<AnalyticsPreferences, 'consent_date' | 'consent_version'>;

export const CONSENT_COOKIE = 'ideamine_analytics_preferences';
export const DEFAULT_CHOICE: PreferenceChoice = { ...DEFAULT_ANALYTICS_PREFERENCES };
export const ACCEPT_ALL: PreferenceChoice = {
  analytics_enabled: true,
  performance_tracking: true,
  personalization: true,
  advertising: true,
};
export const REJECT_ALL: PreferenceChoice = {
  analytics_enabled: false,
  performance_tracking: false,
  personalization: false,
  advertising: false,
};

export function storedConsent(): AnalyticsPreferences | null {
  const stored = readSetting<AnalyticsPreferences | null>(SETTING_KEYS.analyticsPreferences, null);
  return stored && stored.consent_version === CONSENT_VERSION ? stored : null;
}

export function consentRequired(): boolean {
  return storedConsent() === null;
}

export function saveConsent(choice: PreferenceChoice, now: Date = new Date()): AnalyticsPreferences {
  const preferences: AnalyticsPreferences = {
    ...choice,
    consent_date: now.toISOString(),
    consent_version: CONSENT_VERSION,
  };
  writeSetting(SETTING_KEYS.analyticsPreferences, preferences);
  const expires = new Date(now.getTime() + ANALYTICS_COOKIE_DAYS * 86_400_000).toUTCString();
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(preferences))}; expires=${expires}; path=/; SameSite=Lax`;
  return preferences;
}
