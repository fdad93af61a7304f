/** Node's fetch keeps no cookies: this one plays the browser's cookie jar for one session cookie. */
export function cookieJarFetch(): typeof fetch {
  let cookie = '';
  return async (input, init) => {
    const request = new Request(input, init);
    if (cookie) request.headers.set('cookie', cookie);
    const response = await fetch(request);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return response;
  };
}
