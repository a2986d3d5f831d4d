// Helpers for the API's tests: a whole app on a fresh database, signed-in agents, and a logger that remembers.
export { createTestApp, testPassword } from "./create-test-app.ts";
export type { NewUser, TestAgent, TestApp, TestAppOptions, TestUser } from "./create-test-app.ts";
export { createRecordingLogger } from "./recording-logger.ts";
export type { LogEntry, RecordingLogger } from "./recording-logger.ts";
export { startTestSmtpServer } from "./smtp-test-server.ts";
export type { ReceivedMail, TestSmtpServer } from "./smtp-test-server.ts";
