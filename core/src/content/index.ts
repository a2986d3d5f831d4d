// HTML helpers for post content: the allowlist every post passes through, and its plain-text form.
export { sanitizePostHtml } from "./sanitize-html.ts";
export { htmlToPlainText } from "./html-to-plain-text.ts";
