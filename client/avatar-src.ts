// Which profile pictures the Avatar draws (docs/decisions/028). The pages' CSP allows images from
// our own origin and APP_URL's, and the server only ever answers null or a URL of our avatar route
// signed on APP_URL. A path on this origin, or an absolute http(s) URL of that route, is drawn;
// anything else (an address stored elsewhere, kept by an old client's cache) would be blocked and
// logged in every viewer's console, so it shows the initial instead.

const OUR_PATH = /^\/(?!\/)/;
const AVATAR_ROUTE = /^\/api\/users\/[0-9a-f-]{36}\/avatar$/;

export function avatarSrc(image: string | null | undefined): string | null {
  if (!image) return null;
  if (OUR_PATH.test(image)) return image;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return null;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && AVATAR_ROUTE.test(url.pathname) ? image : null;
}
