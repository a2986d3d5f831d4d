import type { Logger } from "@postwright/core/logger";

export interface LogEntry {
  level: "debug" | "info" | "warn" | "error";
  msg: string | undefined;
  obj: Record<string, unknown>;
  bindings: Record<string, unknown>;
}

export interface RecordingLogger extends Logger {
  /** Every entry written through this logger or its children, oldest first. */
  readonly entries: LogEntry[];
}

/** A logger for tests that keeps what is written, so a test can read what the server logged. */
export function createRecordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const make = (bindings: Record<string, unknown>): Logger => {
    const write = (level: LogEntry["level"]) => (obj: object, msg?: string) => {
      entries.push({ level, msg, obj: obj as Record<string, unknown>, bindings });
    };
    return {
      debug: write("debug"),
      info: write("info"),
      warn: write("warn"),
      error: write("error"),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return Object.assign(make({}), { entries });
}
