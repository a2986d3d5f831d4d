// Scheduling and publishing of posts: schedule, cancel, publish now, and the scheduler that runs in every instance.
export { schedulePost } from "./schedule-post.ts";
export type { SchedulePostDeps, SchedulePostInput } from "./schedule-post.ts";
export { cancelSchedule } from "./cancel-schedule.ts";
export type { CancelScheduleInput } from "./cancel-schedule.ts";
export { publishNow } from "./publish-now.ts";
export type { PublishNowDeps, PublishNowInput, PublishNowResult } from "./publish-now.ts";
export { createScheduler } from "./create-scheduler.ts";
export type { Scheduler, SchedulerDeps, TickResult } from "./create-scheduler.ts";
export { buildPublishablePost } from "./build-publishable-post.ts";
export { createPostHandle } from "./create-post-handle.ts";
export { defaultSchedulerCron } from "./types.ts";
export type {
  PostForPublishing,
  PostWithPublications,
  PublishedEvent,
  PublishingDeps,
  TargetResolver,
} from "./types.ts";
export { instantToZonedTime, isKnownTimeZone, resolveZone, zonedTimeToInstant, zoneOffsetLabel } from "./zoned-time.ts";
