// CSRF protection for cookie-authenticated writes. Session cookies are SameSite=Lax; on top of that, a state-changing
// request must come from this site's own pages: browsers mark cross-site requests with Sec-Fetch-Site and Origin,
// which a page on another site cannot forge. Requests with neither header (curl, server-to-server) carry no
// browser cookies by accident, so they pass. Webhook endpoints authenticate by signature and are mounted before this.
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      res.status(403).json({ message: "This request came from another site and was refused." });
      return;
    }
    const origin = req.get("origin");
    if (origin && origin !== "null") {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost !== req.get("host")) {
        res.status(403).json({ message: "This request came from another site and was refused." });
        return;
      }
    }
    next();
  };
}
