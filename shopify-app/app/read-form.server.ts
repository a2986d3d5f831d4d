// The one way the app's form actions read what the page sent: at most FORM_BODY_LIMIT bytes (a CSV import of 512 KB
// with room to spare), refused with 413 and a message before the rest is read, whether or not the request says its
// length; a body that is not a form is 400. Errors are AppErrors, so each action's actionError answers them.
import { AppError, badRequest } from "@postwright/core/errors";

export const FORM_BODY_LIMIT = 1024 * 1024;

const tooLarge = (limit: number) =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This form sent more than ${limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KB`}, which is more than it can take. Shorten what you entered, or import a smaller file.`,
  );

export async function readForm(request: Request, limit = FORM_BODY_LIMIT): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
  } catch {
    throw badRequest("The form could not be read. Reload the page and try again.");
  }
}
