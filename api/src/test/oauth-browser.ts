// What a browser does between our auth_url and the portal's callback page: follow redirects,
// keeping cookies, until the provider sends the user to `stopAt`; returns that URL. A provider
// answering with a self-posting form (response_mode=form_post, as Apple does) has the form posted
// to our server's receiver (`formPostTo`, standing in for the portal's origin), which redirects on.

export async function followToCallback(start: string, stopAt: string, formPostTo?: string): Promise<URL> {
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
    if (res.status === 200 && formPostTo) {
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
      if (action?.startsWith(stopAt)) return postForm(html, new URL(action), formPostTo);
      throw new Error(`expected a redirect or a form to ${stopAt} from ${url.pathname}: ${html.slice(0, 300)}`);
    }
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

async function postForm(html: string, action: URL, receiver: string): Promise<URL> {
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
    fields.set(
      m[1]!,
      m[2]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x2F;/gi, '/'),
    );
  }
  const res = await fetch(receiver + action.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`the form receiver answered ${res.status}`);
  return new URL(location, action);
}
