// The only code that talks to the AI provider: any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM,
// LM Studio, OpenRouter, gateways). It asks for structured output, always validates it with zod, repairs or retries
// answers that are cut off, malformed or off-schema, retries 429/5xx with backoff (honouring Retry-After) inside the
// caller's deadline, and adapts once to servers that reject an optional parameter.
import OpenAI, { APIConnectionError, APIError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { z } from "zod";
import type { Config } from "../env.ts";
import { isAppError } from "../errors/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { type Deadline, sleep } from "./deadline.ts";
import { type AiFailureReason, aiFailure } from "./errors.ts";

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  /** Answers received (including ones that had to be repaired). */
  calls: number;
}

export const emptyUsage = (): TokenUsage => ({ promptTokens: 0, completionTokens: 0, calls: 0 });

export interface StructuredRequest<T> {
  /** Names the JSON schema sent to the server (e.g. "post_outline"); also used in logs. */
  name: string;
  schema: z.ZodType<T>;
  system: string;
  user: string;
  maxTokens: number;
  temperature?: number;
}

export interface CallContext {
  /** Aborts when the deadline passes or the caller gives up. */
  signal: AbortSignal;
  deadline: Deadline;
  /** Accumulates the tokens of every answer. */
  usage: TokenUsage;
}

export interface AiProvider {
  readonly model: string;
  generateObject<T>(request: StructuredRequest<T>, context: CallContext): Promise<T>;
}

export interface ProviderOptions {
  openai: Config["openai"];
  logger?: Logger;
  /** Stream answers (default). Keeps long answers alive through proxies that cut idle connections. */
  stream?: boolean;
  /** Tries per call for transient failures (429, 5xx, lost connections). */
  maxAttempts?: number;
  /** Extra tries per call for answers that are cut off, malformed or do not match the schema. */
  maxRepairs?: number;
  backoff?: { initialMs: number; maxMs: number };
}

type OutputMode = "json_schema" | "json_object" | "prompt";

/** What this server accepts; learnt from 400 answers and kept for the life of the provider. */
interface Capabilities {
  outputMode: OutputMode;
  streamUsage: boolean;
  tokenParam: "max_tokens" | "max_completion_tokens";
  temperature: boolean;
}

interface Answer {
  content: string;
  finishReason: string | null;
}

class Retryable extends Error {
  constructor(
    readonly reason: AiFailureReason,
    readonly waitMs: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

const promptChars = (messages: ChatCompletionMessageParam[]) =>
  messages.reduce((n, m) => n + (typeof m.content === "string" ? m.content.length : 0), 0);

/** Servers usually live under /v1; a bare host (a common way to write OPENAI_BASE_URL) is taken to mean that. */
export function normaliseBaseUrl(baseUrl: string | undefined): string {
  if (!baseUrl) return "https://api.openai.com/v1";
  const url = new URL(baseUrl);
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/v1";
  return url.toString().replace(/\/+$/, "");
}

export function createProvider(options: ProviderOptions): AiProvider {
  const logger = options.logger ?? silentLogger;
  const model = options.openai.model;
  const stream = options.stream ?? true;
  const maxAttempts = options.maxAttempts ?? 5;
  const maxRepairs = options.maxRepairs ?? 2;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 20_000 };
  const client = new OpenAI({
    // Local servers need no key, but the SDK insists on one.
    apiKey: options.openai.apiKey ?? "not-needed",
    baseURL: normaliseBaseUrl(options.openai.baseUrl),
    maxRetries: 0,
  });
  const caps: Capabilities = { outputMode: "json_schema", streamUsage: true, tokenParam: "max_tokens", temperature: true };
  // The JSON Schema of each (schema, name) pair is built once.
  const formats = new WeakMap<object, Map<string, ReturnType<typeof zodResponseFormat>>>();

  function responseFormat(request: StructuredRequest<unknown>, mode: OutputMode) {
    if (mode === "json_object") return { type: "json_object" as const };
    if (mode === "prompt") return undefined;
    let byName = formats.get(request.schema);
    if (!byName) formats.set(request.schema, (byName = new Map()));
    let format = byName.get(request.name);
    if (!format) byName.set(request.name, (format = zodResponseFormat(request.schema, request.name)));
    return format;
  }

  function systemPrompt(request: StructuredRequest<unknown>, withSchema: boolean): string {
    const reply = `${request.system}\n\nReply with one JSON object ("${request.name}") and nothing else: no prose, no code fences.`;
    if (!withSchema) return reply;
    const shape = JSON.stringify(z.toJSONSchema(request.schema, { unrepresentable: "any" }));
    return `${reply} It must match this JSON Schema:\n${shape}`;
  }

  async function complete(
    request: StructuredRequest<unknown>,
    sent: Capabilities,
    maxTokens: number,
    followUp: ChatCompletionMessageParam[],
    context: CallContext,
  ): Promise<Answer> {
    const messages: ChatCompletionMessageParam[] = [
      // With json_schema the server holds the shape; otherwise, and when an answer has to be repaired (some servers
      // accept response_format and ignore it), the prompt spells it out.
      { role: "system", content: systemPrompt(request, sent.outputMode !== "json_schema" || followUp.length > 0) },
      { role: "user", content: request.user },
      ...followUp,
    ];
    const format = responseFormat(request, sent.outputMode);
    const body = {
      model,
      messages,
      ...(sent.tokenParam === "max_tokens" ? { max_tokens: maxTokens } : { max_completion_tokens: maxTokens }),
      ...(sent.temperature && request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(format ? { response_format: format } : {}),
    };
    // The SDK never removes the listener it puts on a signal, so each request gets its own, tied to the shared one
    // for as long as the request runs (sharing one would pile up listeners over parallel calls and retries).
    const own = new AbortController();
    const forward = () => own.abort(context.signal.reason);
    if (context.signal.aborted) forward();
    context.signal.addEventListener("abort", forward, { once: true });
    try {
      return await send(body, sent.streamUsage, promptChars(messages), own.signal, context);
    } finally {
      context.signal.removeEventListener("abort", forward);
    }
  }

  async function send(
    body: Omit<ChatCompletionCreateParamsNonStreaming, "stream">,
    streamUsage: boolean,
    promptChars: number,
    signal: AbortSignal,
    context: CallContext,
  ): Promise<Answer> {
    const requestOptions = { signal, timeout: context.deadline.remaining() + 1000, maxRetries: 0 };

    let content = "";
    let finishReason: string | null = null;
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    if (stream) {
      const params: ChatCompletionCreateParamsStreaming = {
        ...body,
        stream: true,
        ...(streamUsage ? { stream_options: { include_usage: true } } : {}),
      };
      const chunks = await client.chat.completions.create(params, requestOptions);
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) content += choice.delta.content;
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) usage = chunk.usage;
      }
    } else {
      const params: ChatCompletionCreateParamsNonStreaming = { ...body, stream: false };
      const completion = await client.chat.completions.create(params, requestOptions);
      const choice = completion.choices[0];
      content = choice?.message?.content ?? "";
      finishReason = choice?.finish_reason ?? null;
      usage = completion.usage;
    }
    context.usage.calls += 1;
    // Servers that do not report usage get an estimate (about four characters a token).
    context.usage.promptTokens += usage?.prompt_tokens ?? Math.ceil(promptChars / 4);
    context.usage.completionTokens += usage?.completion_tokens ?? Math.ceil(content.length / 4);
    return { content, finishReason };
  }

  /** Learns from a 400 that names an optional parameter; true when the call should simply be sent again. */
  function adaptTo(error: unknown, sent: Capabilities): boolean {
    if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
    const text = `${error.message} ${JSON.stringify(error.error ?? "")}`.toLowerCase();
    if (sent.outputMode !== "prompt" && /response_format|json_schema|json_object|structured output/.test(text)) {
      if (caps.outputMode === sent.outputMode) caps.outputMode = sent.outputMode === "json_schema" ? "json_object" : "prompt";
      return true;
    }
    if (sent.streamUsage && text.includes("stream_options")) {
      caps.streamUsage = false;
      return true;
    }
    if (sent.tokenParam === "max_tokens" && text.includes("max_tokens")) {
      caps.tokenParam = "max_completion_tokens";
      return true;
    }
    if (sent.temperature && text.includes("temperature")) {
      caps.temperature = false;
      return true;
    }
    return false;
  }

  /** Throws the final AppError for errors that retrying cannot fix; returns a Retryable for the others. */
  function classify(error: unknown, context: CallContext): Retryable {
    if (context.signal.aborted) {
      if (context.deadline.expired) throw aiFailure("timeout", "deadline exceeded", error);
      throw context.signal.reason;
    }
    if (isAppError(error)) throw error;
    if (error instanceof APIError && error.status !== undefined) {
      const status = error.status;
      const detail = `${status} ${error.message}`;
      if (status === 401 || status === 403) throw aiFailure("auth", detail, error);
      if (status === 404) throw aiFailure("model-not-found", `${detail} (model ${model})`, error);
      if (status === 429) {
        if (error.code === "insufficient_quota") throw aiFailure("quota", detail, error);
        return new Retryable("rate-limited", retryAfterMs(error.headers), detail);
      }
      if (status === 408 || status === 409 || status >= 500) return new Retryable("unavailable", retryAfterMs(error.headers), detail);
      throw aiFailure("bad-request", detail, error);
    }
    if (error instanceof APIConnectionError) return new Retryable("unavailable", undefined, error.message);
    // A stream that broke off half-way, or an answer the SDK could not read.
    return new Retryable("unavailable", undefined, error instanceof Error ? error.message : String(error));
  }

  async function generateObject<T>(request: StructuredRequest<T>, context: CallContext): Promise<T> {
    const log = logger.child({ task: request.name });
    let maxTokens = request.maxTokens;
    let followUp: ChatCompletionMessageParam[] = [];
    let transientFailures = 0;
    let repairs = 0;
    let adaptations = 0;
    for (;;) {
      let answer: Answer;
      const sent = { ...caps };
      try {
        answer = await complete(request as StructuredRequest<unknown>, sent, maxTokens, followUp, context);
      } catch (error) {
        if (!context.signal.aborted && adaptations < 4 && adaptTo(error, sent)) {
          adaptations += 1;
          log.info({ capabilities: { ...caps } }, "AI provider rejected an optional parameter; sending without it");
          continue;
        }
        const retry = classify(error, context);
        transientFailures += 1;
        if (transientFailures >= maxAttempts) throw aiFailure(retry.reason, `${retry.message} (after ${transientFailures} attempts)`, error);
        const exponential = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (transientFailures - 1));
        const waitMs = retry.waitMs ?? Math.round(exponential * (0.5 + Math.random() * 0.5));
        if (waitMs >= context.deadline.remaining()) {
          throw aiFailure(retry.reason === "rate-limited" ? "rate-limited" : "timeout", `${retry.message}; retry in ${waitMs} ms is past the deadline`, error);
        }
        log.warn({ attempt: transientFailures, waitMs, problem: retry.message }, "AI provider call failed; retrying");
        try {
          await sleep(waitMs, context.signal);
        } catch (abort) {
          classify(abort, context);
        }
        continue;
      }

      if (answer.finishReason === "content_filter") throw aiFailure("refused", "finish_reason content_filter");
      let problem: string;
      const parsed = parseStructured(answer.content, request.schema);
      // An answer that stopped at the limit but is complete and valid is as good as any.
      if (parsed.ok) return parsed.value;
      if (answer.finishReason === "length") {
        problem = `answer cut off at ${maxTokens} tokens`;
        maxTokens = Math.min(Math.ceil(maxTokens * 1.6), request.maxTokens * 3);
        followUp = [
          {
            role: "user",
            content:
              "Your previous reply was cut off because it was too long. Write it again, more concisely, and make sure the JSON object is complete.",
          },
        ];
      } else {
        problem = parsed.problem;
        followUp = [
          { role: "assistant", content: answer.content.slice(0, 8000) },
          {
            role: "user",
            content: `That reply could not be used: ${problem}. Reply again with only the corrected JSON object, following the schema exactly.`,
          },
        ];
      }
      repairs += 1;
      if (repairs > maxRepairs) throw aiFailure("unusable-answer", `${request.name}: ${problem}`);
      log.warn({ repair: repairs, problem }, "AI provider answer unusable; asking again");
    }
  }

  return { model, generateObject };
}

export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Reads the JSON object out of an answer (tolerating code fences, reasoning blocks and chatter around it). */
export function parseStructured<T>(content: string, schema: z.ZodType<T>): Parsed<T> {
  const json = extractJson(content);
  if (json === undefined) return { ok: false, problem: content.trim() ? "it was not valid JSON" : "it was empty" };
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 6)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "the object"}: ${issue.message}`)
    .join("; ");
  return { ok: false, problem: `it did not match the schema (${issues})` };
}

function extractJson(content: string): unknown {
  const text = content
    .replace(/<think>[\s\S]*?<\/think>/gi, "")
    .replace(/^\s*```(?:json)?\s*/i, "")
    .replace(/\s*```\s*$/, "")
    .trim();
  for (const candidate of [text, text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)]) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
