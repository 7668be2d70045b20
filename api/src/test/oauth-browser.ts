// What a browser does between our auth_url and the portal's callback page: follow redirects,
// keeping cookies, until the provider sends the user to `stopAt`; returns that URL.

export async function followToCallback(start: string, stopAt: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(
        `expected a redirect from ${url.pathname}, got ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
    }
    await res.body?.cancel();
    url = new URL(location, url);
    if (url.href.startsWith(stopAt)) return url;
  }
  throw new Error('too many redirects');
}
