// Work claimed from the shared database under leases (see lease-queue.ts).
export {
  claimJobs,
  finishJob,
  renewJobLease,
  retryDelay,
  type ClaimJobsOptions,
  type LeaseQueue,
} from "./lease-queue.ts";
