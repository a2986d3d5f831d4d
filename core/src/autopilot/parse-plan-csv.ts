// Content plan items from a CSV file: a header row naming the columns title and keywords (required), notes and date
// (optional), in any order and any case, then one item per row. Keywords are separated by semicolons or "|" inside
// their cell (commas would need quoting). Every bad row is reported with its line and the reason, and nothing is
// imported while any row is bad, so a file is never half-imported.
import { parse } from "csv-parse/sync";
import { DateTime, IANAZone } from "luxon";
import { PLAN_KEYWORD_MAX } from "../contracts/autopilot-requests.ts";

export const MAX_PLAN_CSV_ROWS = 500;
export const MAX_PLAN_CSV_BYTES = 512 * 1024;

export interface PlanItemDraft {
  title: string;
  keywords: string[];
  notes: string | null;
  /** The day the owner wants it published (midnight of that day in their zone), when the file gives one. */
  preferredDate: Date | null;
}

export interface PlanCsvProblem {
  /** The file's line number (1 is the header). */
  line: number;
  reason: string;
}

export type PlanCsvResult = { ok: true; items: PlanItemDraft[] } | { ok: false; problems: PlanCsvProblem[] };

const TITLE_MAX = 200;
const KEYWORDS_MAX = 10;
export { PLAN_KEYWORD_MAX };

export function parsePlanCsv(text: string, timeZone: string, today = new Date()): PlanCsvResult {
  const zone = IANAZone.isValidZone(timeZone) ? timeZone : "UTC";
  if (Buffer.byteLength(text, "utf8") > MAX_PLAN_CSV_BYTES) {
    return {
      ok: false,
      problems: [{ line: 0, reason: "The file is larger than 512 KB. Split it into smaller files." }],
    };
  }
  let rows: { record: string[]; line: number }[];
  try {
    rows = (
      parse(text.replace(/^\uFEFF/, ""), {
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
      }) as unknown as { record: string[]; info: { lines: number } }[]
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    return { ok: false, problems: [{ line, reason: "The file is not valid CSV here (check the quotes)." }] };
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, problems: [{ line: 1, reason: "The file is empty." }] };
  const columns = header.record.map((name) => name.toLowerCase());
  const at = (name: string) => columns.indexOf(name);
  const missing = ["title", "keywords"].filter((name) => at(name) < 0);
  if (missing.length > 0) {
    return {
      ok: false,
      problems: [
        {
          line: header.line,
          reason: `The first row must name the columns title and keywords (missing: ${missing.join(", ")}).`,
        },
      ],
    };
  }
  if (body.length === 0)
    return { ok: false, problems: [{ line: header.line, reason: "The file has no rows after its header." }] };
  if (body.length > MAX_PLAN_CSV_ROWS) {
    return {
      ok: false,
      problems: [{ line: header.line, reason: `Import at most ${MAX_PLAN_CSV_ROWS} rows at a time.` }],
    };
  }

  const startOfToday = DateTime.fromJSDate(today, { zone }).startOf("day");
  const problems: PlanCsvProblem[] = [];
  const items: PlanItemDraft[] = [];
  const seen = new Map<string, number>();
  for (const { record, line } of body) {
    const cell = (name: string) => (at(name) >= 0 ? (record[at(name)] ?? "").trim() : "");
    const title = cell("title");
    const keywords = [
      ...new Set(
        cell("keywords")
          .split(/[;|]/)
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    ];
    const notes = cell("notes");
    const date = cell("date");
    const reasons: string[] = [];
    if (!title) reasons.push("the title is empty");
    else if (title.length > TITLE_MAX) reasons.push(`the title is longer than ${TITLE_MAX} characters`);
    if (keywords.length === 0) reasons.push("give at least one keyword");
    else if (keywords.length > KEYWORDS_MAX) reasons.push(`give at most ${KEYWORDS_MAX} keywords`);
    const tooLong = keywords.find((keyword) => keyword.length > PLAN_KEYWORD_MAX);
    if (tooLong) {
      reasons.push(`the keyword "${tooLong.slice(0, 30)}..." is longer than ${PLAN_KEYWORD_MAX} characters`);
    }
    if (record.some((value) => value.includes("\0"))) reasons.push("it contains a NUL character");
    let preferredDate: Date | null = null;
    if (date) {
      const day = DateTime.fromISO(date, { zone });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !day.isValid)
        reasons.push(`the date "${date}" is not a date like 2026-03-30`);
      else if (day < startOfToday) reasons.push(`the date ${date} has passed`);
      else preferredDate = day.toJSDate();
    }
    const key = title.toLowerCase();
    if (title && seen.has(key)) reasons.push(`the same title is on line ${seen.get(key)}`);
    else if (title) seen.set(key, line);
    if (reasons.length > 0) {
      problems.push({ line, reason: reasons.join("; ").replace(/^./, (c) => c.toUpperCase()) + "." });
      continue;
    }
    items.push({ title, keywords, notes: notes ? notes.slice(0, 2_000) : null, preferredDate });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, items };
}
