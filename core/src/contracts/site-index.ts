// The index of the owner's connected sites (the pages their posts may link to), as the surfaces show it:
//   GET  /api/site-index          -> { sites: SiteIndexStatus[] }
//   POST /api/site-index/refresh  -> { sites: SiteIndexStatus[] }   (queues a fresh read of every connected site)
import { z } from "zod";

export const siteIndexStateValues = ["queued", "reading", "ready", "failed"] as const;

export const siteIndexStatusSchema = z.object({
  platform: z.enum(["shopify", "wordpress"]),
  connectionId: z.number().int(),
  /** The store's or site's name and address, as connected. */
  siteName: z.string(),
  siteUrl: z.string(),
  /** queued (waiting for a reader), reading, ready, or failed (see error; tried again by itself). */
  state: z.enum(siteIndexStateValues),
  /** Pages read so far by the read in progress (or the last one). */
  pagesRead: z.number().int(),
  /** Pages posts can link to now. */
  pagesIndexed: z.number().int(),
  /** When the last complete read finished (ISO 8601), or null before the first one. */
  indexedAt: z.string().nullable(),
  /** Why the last read failed, written for the owner; null when it did not. */
  error: z.string().nullable(),
  /** Whether asking for a new read now makes sense (not already queued or being read). */
  canRetry: z.boolean(),
});

export type SiteIndexStatus = z.infer<typeof siteIndexStatusSchema>;

export const siteIndexResponseSchema = z.object({ sites: z.array(siteIndexStatusSchema) });
export type SiteIndexResponse = z.infer<typeof siteIndexResponseSchema>;
