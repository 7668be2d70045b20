// Request URLs are logged; OAuth callbacks carry one-time credentials in the query. Their values
// are replaced so no log holds a usable code or state.

const SECRET_PARAMS = /([?&](?:code|state|access_token|refresh_token|token|id_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
