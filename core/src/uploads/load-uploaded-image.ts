// Reads back an image this site stored, from the address a post refers to it by: "/uploads/<name>", or the same
// path under the site's public address (the writer makes image addresses absolute). Anything else, including
// names that were not made by saveImage (so no "..", no sub-folders, no encoded separators), is not ours: null.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { detectImageType, storedImageName, URL_PREFIX } from "./image-types.ts";

export interface LoadedImage {
  data: Buffer;
  contentType: string;
  filename: string;
}

export interface LoadUploadedImageOptions {
  /** The site's public address; absolute image addresses are read only when they point under it. */
  siteUrl?: string;
}

/** The stored file name an address refers to, or undefined when the address is not one of this site's uploads. */
export function uploadedImageName(url: string, options: LoadUploadedImageOptions = {}): string | undefined {
  let path: string;
  if (url.startsWith(URL_PREFIX)) {
    path = url;
  } else if (/^https?:\/\//i.test(url) && options.siteUrl) {
    let target: URL;
    let site: URL;
    try {
      target = new URL(url);
      site = new URL(options.siteUrl);
    } catch {
      return undefined;
    }
    if (target.origin !== site.origin) return undefined;
    const base = site.pathname.replace(/\/+$/, "");
    if (!target.pathname.startsWith(`${base}${URL_PREFIX}`)) return undefined;
    path = target.pathname.slice(base.length);
  } else {
    return undefined;
  }
  const name = path.slice(URL_PREFIX.length).replace(/[?#].*$/, "");
  return storedImageName.test(name) ? name : undefined;
}

export async function loadUploadedImage(
  uploadDir: string,
  url: string,
  options: LoadUploadedImageOptions = {},
): Promise<LoadedImage | null> {
  const filename = uploadedImageName(url, options);
  if (!filename) return null;
  let data: Buffer;
  try {
    data = await readFile(join(uploadDir, filename));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const type = await detectImageType(data);
  if (!type) return null;
  return { data, contentType: type.mime, filename };
}
