import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RateLimitError,
} from "openai";
import type { BlogGenerationOutcome } from "~/db/schema";
import type { BlogAiSettings } from "./model-settings";
import type { ChatMessage } from "./prompt";

export interface StreamEnd {
  outcome: BlogGenerationOutcome;
  /** What the page says when it is not "completed": the problem, in words staff can act on. */
  message: string | null;
  /** Seconds the endpoint asked us to wait (429). */
  retryAfter: number | null;
  promptTokens: number | null;
  completionTokens: number | null;
}

/**
 * One streamed chat completion through the official client (any
 * OpenAI-compatible server). Every way it can end is an outcome with a
 * message: the caller keeps what was streamed so far whatever happens. The
 * client's own retries are off, so a 429 reaches staff at once with its wait,
 * and its timeout only covers the answer's start: a stream that stalls is
 * caught by our own timer between pieces.
 */
export async function streamCompletion(
  settings: BlogAiSettings,
  messages: ChatMessage[],
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<StreamEnd> {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, llama.cpp) take any key; the client insists on one.
    apiKey: settings.apiKey ?? "none",
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // The client would log a malformed piece of the answer to the console.
    logLevel: "off",
  });
  const controller = new AbortController();
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, settings.timeoutMs);
  };
  const cancel = () => controller.abort();
  if (signal.aborted) cancel();
  signal.addEventListener("abort", cancel);

  const end = (
    outcome: BlogGenerationOutcome,
    message: string | null,
    retryAfter: number | null = null,
  ): StreamEnd => ({
    outcome,
    message,
    retryAfter,
    promptTokens,
    completionTokens,
  });
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let finish: string | null = null;
  let started = false;
  const seconds = Math.round(settings.timeoutMs / 100) / 10;

  try {
    arm();
    const stream = await client.chat.completions.create(
      { model: settings.model, messages, stream: true, stream_options: { include_usage: true } },
      { signal: controller.signal },
    );
    for await (const chunk of stream) {
      arm();
      started = true;
      if (chunk.usage) {
        promptTokens = chunk.usage.prompt_tokens ?? null;
        completionTokens = chunk.usage.completion_tokens ?? null;
      }
      const choice = chunk.choices[0];
      if (choice?.delta?.content) onText(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
  } catch (error) {
    if (signal.aborted) return end("cancelled", null);
    if (stalled || error instanceof APIConnectionTimeoutError)
      return end(
        "timed-out",
        started
          ? `The model stopped sending for ${seconds} s, so the generator gave up. What arrived is kept below.`
          : `The model did not answer within ${seconds} s. It may be busy or still loading; try again.`,
      );
    if (error instanceof RateLimitError) {
      const wait = Number(error.headers?.get("retry-after"));
      const retryAfter = Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : null;
      return end(
        "rate-limited",
        `The model endpoint is busy and asked us to slow down (HTTP 429)${retryAfter ? `: try again in ${retryAfter} s` : ""}.`,
        retryAfter,
      );
    }
    if (error instanceof APIUserAbortError) return end("cancelled", null);
    if (error instanceof APIConnectionError)
      return end("unreachable", `The model endpoint at ${settings.baseUrl} could not be reached. Is it running?`);
    if (error instanceof APIError && error.status !== undefined)
      return end(
        "refused",
        error.status === 401 || error.status === 403
          ? `The model endpoint refused the API key (HTTP ${error.status}). Check BLOG_AI_API_KEY.`
          : error.status === 404
            ? `The model endpoint does not know the model "${settings.model}" or the address (HTTP 404). Check BLOG_AI_MODEL and BLOG_AI_BASE_URL.`
            : `The model endpoint answered with an error (HTTP ${error.status}).`,
      );
    if (error instanceof SyntaxError)
      return end("malformed", "The model sent a piece of its answer that is not valid JSON, so the generator stopped.");
    // The connection closed in the middle of the answer.
    return end("cut-off", "The model's answer was cut off before it finished (the connection closed).");
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", cancel);
  }
  if (signal.aborted) return end("cancelled", null);
  if (stalled) return end("timed-out", `The model stopped sending for ${seconds} s, so the generator gave up.`);
  if (finish === "length")
    return end("cut-off", "The model stopped at its length limit before the end. What arrived is kept below.");
  if (finish === null) return end("cut-off", "The model's answer was cut off before it finished.");
  return end("completed", null);
}
