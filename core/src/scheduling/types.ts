// Types shared by the scheduling functions: what they depend on and what they return.
import type { Platform } from "../contracts/blog.ts";
import type { BlogPost, Database, PostPublication } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { PublishablePost, PublishTarget } from "../publishing/types.ts";

/** Finds the destination of one publication (the user's Shopify store or WordPress site). May throw an AppError
 * (for example when the connection was removed); that ends the publication with the error's message. The scheduler
 * calls it once per user and platform for each claim, and its publications to that store share the target. */
/** The target of one publication: the owner's current connection of the platform, unless the publication names its own
 * (a content plan's connection and Shopify blog). */
export type TargetResolver = (publication: {
  userId: number;
  platform: Platform;
  postId: number;
  connectionId?: number | null;
  blogId?: string | null;
}) => Promise<PublishTarget>;

/** A post as loaded for publishing: the row and its author's name. */
export type PostForPublishing = BlogPost & { user: { firstName: string | null; lastName: string | null } };

export interface PublishedEvent {
  postId: number;
  platform: Platform;
  /** The post had been published on this platform before (an update rather than a new article). */
  republished: boolean;
}

/** What publishing one row needs, shared by the scheduler and publishNow. */
export interface PublishingDeps {
  db: Database;
  resolveTarget: TargetResolver;
  /** Turns the post row into what the targets publish; defaults to buildPublishablePost. */
  buildPost?: (post: PostForPublishing) => PublishablePost;
  /** Called once after each publication is recorded (for the blogPostsPublished usage counter). Errors are logged. */
  onPublished?: (userId: number, publication: PublishedEvent) => void | Promise<void>;
  logger?: Logger;
  now?: () => Date;
  /** How long a claimed row stays reserved without renewal; renewed every third of it while publishing. */
  leaseMs?: number;
  /** A publish call that has not answered after this long counts as a transient failure. */
  publishTimeoutMs?: number;
  /** false: scheduled posts go out without checking the store's product facts again (on by default). */
  checkProductFacts?: boolean;
}

export type PostWithPublications = BlogPost & { publications: PostPublication[] };

export const platformLabels: Record<Platform, string> = { shopify: "Shopify", wordpress: "WordPress" };

export const defaultLeaseMs = 60_000;
export const defaultPublishTimeoutMs = 10 * 60_000;
/** When the scheduler claims: every 15 seconds (node-cron syntax, seconds first), so a post goes out within 15 s of its time. */
export const defaultSchedulerCron = "*/15 * * * * *";

/** A publication this process holds the lease of (leaseOwner is its claim token), with its post. */
export type ClaimedPublication = PostPublication & { leaseOwner: string; post: PostForPublishing };
