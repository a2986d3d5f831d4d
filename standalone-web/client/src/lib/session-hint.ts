// Whether this browser may be signed in. The session cookie itself is httpOnly, so the server sets a second cookie
// beside it that scripts can see (`pw.session=1`, no secret in it) and clears both together. Without it nobody is
// signed in, and the client does not ask the server who the user is: a visitor's page makes no request that fails.
export const SESSION_HINT_COOKIE = "pw.session";

export function hasSessionHint(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split(";").some((part) => part.trimStart().startsWith(`${SESSION_HINT_COOKIE}=`));
}
