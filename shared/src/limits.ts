// Business constants of spec s9 shared by API and portal.

export const API_BASE = '/api/v1';
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TRIAL_WARNING_DAYS = 7;
export const DEFAULT_TRIAL_DAYS = 14;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
