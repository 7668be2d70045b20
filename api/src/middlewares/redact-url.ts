// Request URLs are logged; OAuth callbacks carry one-time credentials in the query, and a careless
// client may put a password there. Their values are replaced so no log holds a usable secret.

const SECRET_PARAMS =
  /([?&](?:code|state|access_token|refresh_token|token|id_token|password|current_password|new_password|client_secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
