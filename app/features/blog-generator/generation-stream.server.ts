import type { Db } from "~/db/client.server";
import { readFormValues, UNREADABLE_FORM } from "~/lib/form-values";
import { readClinicFacts } from "./clinic-facts.server";
import { countWords, generationRequestSchema } from "./generator-input";
import { recordGeneration } from "./generations.server";
import type { BlogAiSettings } from "./model-settings";
import { streamCompletion } from "./model-stream.server";
import { buildMessages } from "./prompt";

function problem(status: number, error: string, fields: Record<string, string> = {}): Response {
  return Response.json({ error, fields }, { status, headers: { "Cache-Control": "no-store" } });
}

/** One server-sent event. */
function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * POST /admin/blog/generate/stream (the generator's form fields): the model's answer passed on to the
 * browser piece by piece as server-sent events (`text`, then one `end` with
 * the outcome, the message, the counts), never held back: no compression
 * (server/app.ts leaves text/event-stream alone), no cache (the staff area is
 * no-store). The browser closing the request (Cancel) aborts the model's
 * request. Every request that reached the model is recorded.
 */
export async function answerGenerationStream(
  request: Request,
  db: Db,
  settings: BlogAiSettings | null,
  userId: string,
): Promise<Response> {
  if (request.method !== "POST") return problem(405, "Use POST.");
  if (!settings) return problem(409, "No model is connected: set BLOG_AI_BASE_URL and BLOG_AI_MODEL.");
  // A page form's body (server/page-form-body.ts has read and bounded it): the fields of the form.
  const values = await readFormValues(request, ["services"]);
  if (!values) return problem(400, UNREADABLE_FORM);
  const body = {
    kind: values.kind,
    input: { ...values, services: values.services ? values.services.split(",") : [] },
    outline: values.outline,
  };
  const parsed = generationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.at(-1)?.toString() ?? "input"] ??= issue.message;
    return problem(400, "Some fields need attention.", fields);
  }
  const facts = await readClinicFacts(db);
  const known = new Set(facts.services.map((s) => s.slug));
  const unknown = parsed.data.input.services.filter((slug) => !known.has(slug));
  if (unknown.length)
    return problem(400, "Choose services from the list.", { services: "Choose services from the list." });

  const messages = buildMessages(parsed.data, facts);
  const upstream = new AbortController();
  const abort = () => upstream.abort();
  request.signal.addEventListener("abort", abort);
  const encoder = new TextEncoder();
  const startedAt = new Date();
  const started = performance.now();

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The browser has gone: the abort below stops the model.
        }
      };
      send(event("start", { model: settings.model, kind: parsed.data.kind }));
      let words = "";
      const end = await streamCompletion(settings, messages, upstream.signal, (text) => {
        words += text;
        send(event("text", { text }));
      });
      request.signal.removeEventListener("abort", abort);
      const durationMs = Math.round(performance.now() - started);
      // A record that cannot be written (the database away) must not cost staff the draft they watched arrive.
      const recorded = await recordGeneration(db, {
        userId,
        kind: parsed.data.kind,
        model: settings.model,
        promptTokens: end.promptTokens,
        completionTokens: end.completionTokens,
        durationMs,
        outcome: end.outcome,
        startedAt,
      }).then(
        () => true,
        () => false,
      );
      send(event("end", { ...end, words: countWords(words), durationMs, recorded }));
      try {
        controller.close();
      } catch {
        // Already cancelled by the browser.
      }
    },
    cancel() {
      abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: no proxy (or our own compression) may hold pieces back to compress them.
      "Cache-Control": "no-store, no-transform",
      // nginx would buffer the whole answer otherwise.
      "X-Accel-Buffering": "no",
    },
  });
}
