// Search Console (Google's Search Analytics) for "Your posts", one connection for each of the owner's sites:
// connecting a Google account with OAuth 2.0 (read-only scope, PKCE, tokens encrypted at rest and refreshed before
// they expire, revoked on disconnect), choosing the property that covers the site, reading its figures per page and
// per query for the last 28 days and the 28 before (a daily job of the lease queue, search_console_jobs), joining the
// pages into the site's posts (their opportunity and refresh candidates) and turning queries no page answers into
// ideas for a content plan.
export { createGoogleClient, googleEndpoints, GoogleAuthError, type GoogleClient } from "../google/google-client.ts";
export { NOT_CONFIGURED } from "./google-client-of.ts";
export { startSearchConsoleConnect, NO_SITE } from "./start-search-console-connect.ts";
export { completeSearchConsoleConnect, STATE_REFUSED } from "./complete-search-console-connect.ts";
export { connectStateBinding, connectStateUserId } from "./connect-state.ts";
export { getSearchConsoleStatus } from "./get-search-console-status.ts";
export { chooseSearchConsoleProperty, NOT_CONNECTED } from "./choose-search-console-property.ts";
export { disconnectSearchConsole } from "./disconnect-search-console.ts";
export { listSearchConsoleIdeas } from "./list-search-console-ideas.ts";
export { matchProperty } from "./match-property.ts";
export { searchPeriods } from "./search-periods.ts";
export { runSearchConsoleJob } from "./run-search-console-job.ts";
export { createSearchConsoleReader, type SearchConsoleReaderOptions } from "./create-search-console-reader.ts";
export { SEARCH_CONSOLE_JOB, SEARCH_ANALYTICS_PAGE_ROWS } from "./search-console-jobs.ts";
export {
  SEARCH_CONSOLE_CALLBACK_PATH,
  type SearchConsoleDeps,
  type SearchConsoleScope,
  type SearchConsoleSiteInput,
} from "./types.ts";
export { connectReturnUrl } from "./connect-state.ts";
