// Business constants of spec s9 shared by API and portal.

export const API_BASE = '/api/v1';
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TRIAL_WARNING_DAYS = 7;
export const DEFAULT_TRIAL_DAYS = 14;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const TRENDING_TIME_FILTERS = ['24h', '7d', '30d', '90d'] as const;
export type TrendingTimeFilter = (typeof TRENDING_TIME_FILTERS)[number];
export const TRENDING_DEFAULT_PAGE_SIZE = 15;
/** Hours in each time window the trending, dashboard and analytics calls offer. */
export const WINDOW_HOURS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;
/** A visit counts as engagement only past this time on page. */
export const ENGAGEMENT_MIN_MS = 1000;
/** Trend of a count against the previous window: beyond this change it is increasing or decreasing. */
export const TREND_THRESHOLD_PERCENT = 10;
/** Analytics consent (spec s3, s9): the version the portal records, and the defaults it offers. */
export const CONSENT_VERSION = '1.0';
export const ANALYTICS_COOKIE_DAYS = 365;
export const DEFAULT_ANALYTICS_PREFERENCES = {
  analytics_enabled: true,
  performance_tracking: true,
  personalization: false,
  advertising: false,
} as const;
/** The desktop console's page origin (its app:// protocol): the API always lets it call (CORS). */
export const DESKTOP_CONSOLE_ORIGIN = 'app://console';
