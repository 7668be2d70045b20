// The error catalogue: every error code the API returns, with its HTTP status and default message.

export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'The request is not valid' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
  OAUTH_STATE_INVALID: { status: 400, message: 'The sign-in request is unknown, used or expired; please start again' },
  OAUTH_CODE_INVALID: { status: 400, message: 'The provider did not accept the authorization; please start again' },
  OAUTH_EMAIL_REQUIRED: { status: 400, message: 'The provider did not share an email address' },
  OAUTH_NOT_CONFIGURED: { status: 404, message: 'Sign-in with this provider is not configured' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  INVALID_TOKEN: { status: 401, message: 'The access token is invalid or expired' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  REFRESH_FAILED: { status: 401, message: 'Token refresh failed' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  TRIAL_EXPIRED: {
    status: 403,
    message: 'Your trial period has expired. Please upgrade your account to continue using the product.',
  },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be application/json' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  INTERNAL_ERROR: { status: 500, message: 'An unexpected error occurred' },
  OAUTH_PROVIDER_ERROR: { status: 502, message: 'The sign-in provider could not be reached or gave an invalid answer' },
  LLM_FAILED: { status: 502, message: 'The analysis service failed to answer; please try again' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
  INSUFFICIENT_STORAGE: { status: 507, message: 'The server has no room left to store this' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Client-side fallbacks of spec s8. */
export const CLIENT_MESSAGES = {
  default: 'An error occurred',
  network: 'Failed to connect to the server',
  login: 'Login failed',
  register: 'Registration failed',
  refresh: 'Token refresh failed',
  noRefreshToken: 'No refresh token available',
  userGone: 'User account no longer exists',
} as const;
