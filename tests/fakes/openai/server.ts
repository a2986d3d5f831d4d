// A local stand-in for an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio, gateways),
// speaking the real wire format: POST /v1/chat/completions with or without streaming (SSE "data:" chunks, usage in a
// last chunk when stream_options.include_usage, then "[DONE]"), response_format json_schema / json_object, errors as
// { error: { message, type, code } }. Answers are written from the request (see content.ts) and paced at a fixed
// token rate per request; failures can be scripted per pipeline step.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  addedParagraph,
  article,
  headingRevision,
  metaRevision,
  outline,
  paragraphRevision,
  passage,
  postIdeas,
  refreshSections,
  revision,
  section,
  titleSuggestions,
} from "./content.ts";

export type FailureKind =
  /** 429 with a Retry-After header. */
  | "rate-limit"
  /** 429 with code insufficient_quota, as OpenAI answers an account without credit. */
  | "quota"
  /** 500 (or `status`). */
  | "server-error"
  /** 200 whose content is not JSON. */
  | "malformed"
  /** 200 with valid JSON of the wrong shape. */
  | "schema-mismatch"
  /** 200 cut off: half the content and finish_reason "length". */
  | "truncated"
  /** Never answers (until the client gives up or the server closes). */
  | "hang";

export interface ScriptedFailure {
  kind: FailureKind;
  /** Only requests of this step ("post_outline", "post_section", ..., or "chat" for requests without a schema). */
  step?: string;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Seconds, for rate-limit (default 1). */
  retryAfter?: number;
  status?: number;
}

export interface FakeBehaviour {
  /** Generation speed of each request; Infinity answers at once. */
  tokensPerSecond: number;
  /** Time before the first byte of an answer. */
  latencyMs: number;
  /** Whether response_format json_schema is accepted (false answers 400, as some servers do). */
  jsonSchema: boolean;
  /** Request parameters answered with a 400, as reasoning models do for max_tokens and temperature. */
  unsupportedParameters: Array<"max_tokens" | "temperature" | "stream_options">;
  /** When set, requests must carry "Authorization: Bearer <apiKey>". */
  apiKey: string | undefined;
  failures: ScriptedFailure[];
  /** Changes an answer before it is sent, to play a model that misbehaves in a particular way. */
  alterAnswer: ((step: string, content: string) => string) | undefined;
  /**
   * How much a revision rewrites: "minimal" changes only what the problems named need; "full" rewrites as much as the
   * request allows, every paragraph, heading and addition at full length, as some models do.
   */
  revisionLength: "minimal" | "full";
}

export interface RecordedRequest {
  id: number;
  step: string;
  stream: boolean;
  body: ChatRequest;
  /** performance.now() when the request arrived and when its answer ended. */
  startedAt: number;
  finishedAt: number | undefined;
  status: number;
  /** What the fake did: "ok" or the failure kind. */
  outcome: "ok" | FailureKind | "unsupported" | "unauthorized";
  /** Tokens reported in the answer's usage (0 for errors). */
  promptTokens: number;
  completionTokens: number;
}

interface ChatMessage {
  role: string;
  content: string | null;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
}

export interface FakeOpenAI {
  /** Base URL to give the SDK (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  setBehaviour(behaviour: Partial<FakeBehaviour>): void;
  /** The most requests of a step (or of all) that were being answered at the same moment. */
  maxConcurrency(step?: string): number;
  close(): Promise<void>;
}

/** About four characters a token, as for English text. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function stepOf(body: ChatRequest): string {
  if (body.response_format?.type === "json_schema" && body.response_format.json_schema?.name) return body.response_format.json_schema.name;
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  return /JSON object \("(\w+)"\)/.exec(system)?.[1] ?? "chat";
}

function answerFor(step: string, prompt: string, full: boolean): string {
  switch (step) {
    case "post_outline":
      return JSON.stringify(outline(prompt));
    case "post_search_snippet": {
      const { seoTitle, metaDescription } = outline(prompt) as { seoTitle: string; metaDescription: string };
      return JSON.stringify({ seoTitle, metaDescription });
    }
    case "post_section":
      return JSON.stringify(section(prompt));
    case "post_introduction":
      return JSON.stringify(passage(prompt, "introduction"));
    case "post_conclusion":
      return JSON.stringify(passage(prompt, "conclusion"));
    case "post_revision":
      return JSON.stringify(revision(prompt, full));
    case "post_paragraph_revision":
      return JSON.stringify(paragraphRevision(prompt, full));
    case "post_heading_revision":
      return JSON.stringify(headingRevision(prompt, full));
    case "post_meta_revision":
      return JSON.stringify(metaRevision(prompt));
    case "post_added_paragraph":
      return JSON.stringify(addedParagraph(prompt));
    case "title_suggestions":
      return JSON.stringify(titleSuggestions(prompt));
    case "post_ideas":
      return JSON.stringify(postIdeas(prompt));
    case "refresh_sections":
      return JSON.stringify(refreshSections(prompt));
    default:
      return article(prompt);
  }
}

/**
 * The answer's keys in the order of the request's JSON Schema, and only those, as models with structured outputs
 * write them (so a client reading the stream sees the fields in the order it asked for).
 */
function inSchemaOrder(content: string, body: ChatRequest): string {
  const schema = body.response_format?.json_schema?.schema;
  if (!schema || !content.startsWith("{")) return content;
  const order = (value: unknown, node: unknown): unknown => {
    const n = node as { properties?: Record<string, unknown>; items?: unknown } | undefined;
    if (Array.isArray(value)) return value.map((item) => order(item, n?.items));
    if (!value || typeof value !== "object" || !n?.properties) return value;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(n.properties).filter((k) => k in record);
    return Object.fromEntries(keys.map((k) => [k, order(record[k], n.properties![k])]));
  };
  try {
    return JSON.stringify(order(JSON.parse(content), schema));
  } catch {
    return content;
  }
}

/** Waits `ms`, or less if the client goes away. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

export async function startFakeOpenAI(options: Partial<FakeBehaviour> = {}): Promise<FakeOpenAI> {
  let behaviour: FakeBehaviour = {
    tokensPerSecond: Infinity,
    latencyMs: 0,
    jsonSchema: true,
    unsupportedParameters: [],
    apiKey: undefined,
    failures: [],
    alterAnswer: undefined,
    revisionLength: "minimal",
    ...options,
  };
  // Remaining uses of each scripted failure.
  let remaining = new Map<ScriptedFailure, number>(behaviour.failures.map((f) => [f, f.times ?? 1]));
  const requests: RecordedRequest[] = [];

  function takeFailure(step: string): ScriptedFailure | undefined {
    for (const failure of behaviour.failures) {
      const left = remaining.get(failure) ?? 0;
      if (left > 0 && (failure.step === undefined || failure.step === step)) {
        remaining.set(failure, left - 1);
        return failure;
      }
    }
    return undefined;
  }

  const sendError = (res: ServerResponse, status: number, message: string, extra: { type?: string; code?: string; headers?: Record<string, string> } = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...extra.headers });
    res.end(JSON.stringify({ error: { message, type: extra.type ?? "invalid_request_error", code: extra.code ?? null, param: null } }));
  };

  async function handle(req: IncomingMessage, res: ServerResponse, signal: AbortSignal) {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model", owned_by: "fake" }] }));
      return;
    }
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return sendError(res, 404, `Unknown path ${url.pathname}`);

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: ChatRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    } catch {
      return sendError(res, 400, "We could not parse the JSON body of your request.");
    }
    const step = stepOf(body);
    const stream = body.stream === true;
    const record: RecordedRequest = {
      id: requests.length + 1,
      step,
      stream,
      body,
      startedAt: performance.now(),
      finishedAt: undefined,
      status: 200,
      outcome: "ok",
      promptTokens: 0,
      completionTokens: 0,
    };
    requests.push(record);
    const finish = (status: number, outcome: RecordedRequest["outcome"]) => {
      record.status = status;
      record.outcome = outcome;
      record.finishedAt = performance.now();
    };

    if (behaviour.apiKey !== undefined && req.headers.authorization !== `Bearer ${behaviour.apiKey}`) {
      finish(401, "unauthorized");
      return sendError(res, 401, "Incorrect API key provided.", { code: "invalid_api_key" });
    }
    if (body.response_format?.type === "json_schema" && !behaviour.jsonSchema) {
      finish(400, "unsupported");
      return sendError(res, 400, "response_format type json_schema is not supported by this model.");
    }

    const unsupported = behaviour.unsupportedParameters.find((name) => body[name] !== undefined);
    if (unsupported) {
      finish(400, "unsupported");
      const hint = unsupported === "max_tokens" ? " Use 'max_completion_tokens' instead." : "";
      return sendError(res, 400, `Unsupported parameter: '${unsupported}' is not supported with this model.${hint}`, {
        code: "unsupported_parameter",
      });
    }

    await sleep(behaviour.latencyMs, signal);
    const failure = takeFailure(step);
    if (failure?.kind === "hang") {
      await sleep(Number.MAX_SAFE_INTEGER >>> 1, signal);
      finish(0, "hang");
      return;
    }
    if (failure?.kind === "rate-limit") {
      finish(429, "rate-limit");
      return sendError(res, 429, "Rate limit reached for requests. Please try again later.", {
        type: "requests",
        code: "rate_limit_exceeded",
        headers: { "retry-after": String(failure.retryAfter ?? 1) },
      });
    }
    if (failure?.kind === "quota") {
      finish(429, "quota");
      return sendError(res, 429, "You exceeded your current quota.", { type: "insufficient_quota", code: "insufficient_quota" });
    }
    if (failure?.kind === "server-error") {
      const status = failure.status ?? 500;
      finish(status, "server-error");
      return sendError(res, status, "The server had an error while processing your request.", { type: "server_error" });
    }

    const prompt = body.messages.map((m) => m.content ?? "").join("\n\n");
    let content = inSchemaOrder(answerFor(step, prompt, behaviour.revisionLength === "full"), body);
    if (behaviour.alterAnswer) content = behaviour.alterAnswer(step, content);
    let finishReason = "stop";
    if (failure?.kind === "malformed") content = `Sure! Here is the result: ${content.slice(0, Math.floor(content.length / 2))}, }`;
    if (failure?.kind === "schema-mismatch") content = JSON.stringify({ answer: "Here is your content", items: [1, 2, 3] });
    if (failure?.kind === "truncated") {
      content = content.slice(0, Math.floor(content.length / 2));
      finishReason = "length";
    }
    const completionTokens = estimateTokens(content);
    const promptTokens = estimateTokens(prompt);
    record.promptTokens = promptTokens;
    record.completionTokens = completionTokens;
    const durationMs = Number.isFinite(behaviour.tokensPerSecond) ? (completionTokens / behaviour.tokensPerSecond) * 1000 : 0;
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };

    if (!stream) {
      await sleep(durationMs, signal);
      if (signal.aborted) return finish(0, failure?.kind ?? "ok");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: finishReason }],
          usage,
        }),
      );
      return finish(200, failure?.kind ?? "ok");
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const send = (choices: object[], extra: object = {}) =>
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices, ...extra })}\n\n`);
    send([{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }]);
    // Paced in ticks: each tick sends the characters generated since the previous one.
    const tickMs = 50;
    const started = performance.now();
    let sent = 0;
    while (sent < content.length && !signal.aborted) {
      const due = durationMs === 0 ? content.length : Math.min(content.length, Math.floor(((performance.now() - started) / durationMs) * content.length));
      const end = durationMs === 0 ? Math.min(content.length, sent + 64) : due;
      if (end > sent) {
        send([{ index: 0, delta: { content: content.slice(sent, end) }, logprobs: null, finish_reason: null }]);
        sent = end;
      }
      if (durationMs > 0 && sent < content.length) await sleep(tickMs, signal);
    }
    if (signal.aborted) return finish(0, failure?.kind ?? "ok");
    send([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]);
    if (body.stream_options?.include_usage) send([], { usage });
    res.end("data: [DONE]\n\n");
    finish(200, failure?.kind ?? "ok");
  }

  const server = createServer((req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    handle(req, res, controller.signal).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, error instanceof Error ? error.message : String(error), { type: "server_error" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setBehaviour(update) {
      behaviour = { ...behaviour, ...update };
      if (update.failures) remaining = new Map(update.failures.map((f) => [f, f.times ?? 1]));
    },
    maxConcurrency(step) {
      const events = requests
        .filter((r) => step === undefined || r.step === step)
        .flatMap((r) => [
          { at: r.startedAt, delta: 1 },
          { at: r.finishedAt ?? Infinity, delta: -1 },
        ])
        .sort((a, b) => a.at - b.at || a.delta - b.delta);
      let current = 0;
      let max = 0;
      for (const event of events) {
        current += event.delta;
        max = Math.max(max, current);
      }
      return max;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
