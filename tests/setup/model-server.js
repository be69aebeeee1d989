// A real OpenAI-compatible chat-completions server on loopback (node:http only), for the blog
// generator's tests and its benchmark (bench/blog.js): POST /v1/chat/completions with stream: true
// answers server-sent events as OpenAI, Ollama and llama.cpp do (`data: {chunk}` lines, the usage in
// a last chunk when stream_options.include_usage asks, then `data: [DONE]`). The test tells it how to
// behave next; it records every request it received, so a test can say what was (and was not) sent.
// Plain JavaScript so the benchmark can import it too; model-server.d.ts gives the tests its types.
import http from "node:http";

const DEFAULT_PIECES = [
  "## Why sleep matters\n\n",
  "Sleep ",
  "and mood ",
  "are closely ",
  "linked. ",
  "See [Therapy](/therapy).",
];

/** Starts the server; `behaviour` is the first answer's (change it with `behave`). */
export async function startModelServer(behaviour = { mode: "answer" }) {
  let current = behaviour;
  const requests = [];
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // Recorded as null: the test sees a broken request.
      }
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      void answer(req, res, body, current);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      current = next;
    },
    /** Every message's content of every request, joined: what the model was told. */
    sentText() {
      return requests.flatMap((r) => (r.body?.messages ?? []).map((m) => m.content)).join("\n");
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(model, delta, finish = null) {
  return {
    id: "chatcmpl-loopback",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

async function answer(req, res, body, behaviour) {
  if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
    return;
  }
  if (behaviour.mode === "fail") {
    res.writeHead(behaviour.status ?? 500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "The model crashed", type: "server_error" } }));
    return;
  }
  if (behaviour.mode === "rate-limit") {
    res.writeHead(429, { "content-type": "application/json", "retry-after": String(behaviour.retryAfter ?? 20) });
    res.end(JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit_error" } }));
    return;
  }
  if (behaviour.mode === "slow-start") await sleep(behaviour.delayMs ?? 5000);
  if (res.destroyed) return;
  const model = body?.model ?? "loopback";
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (data) => res.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  const pieces = behaviour.pieces ?? DEFAULT_PIECES;
  const stopAfter = ["stall", "cut-off", "malformed"].includes(behaviour.mode) ? (behaviour.after ?? 2) : pieces.length;
  send(chunk(model, { role: "assistant", content: "" }));
  for (let i = 0; i < Math.min(stopAfter, pieces.length); i++) {
    if (behaviour.delayMs && behaviour.mode !== "slow-start") await sleep(behaviour.delayMs);
    if (res.destroyed) return;
    behaviour.onPiece?.(i, performance.now());
    send(chunk(model, { content: pieces[i] }));
  }
  if (behaviour.mode === "stall") return; // Holds the connection open, sending nothing more.
  if (behaviour.mode === "cut-off") {
    // Closes the socket in the middle of the chunked body: no finish, no [DONE].
    await sleep(20);
    res.socket?.destroy();
    return;
  }
  if (behaviour.mode === "malformed") {
    res.write('data: {"id":"chatcmpl-loopback","choices":[{"delta":{"content":"broken\n\n');
    await sleep(20);
    res.end();
    return;
  }
  send(chunk(model, {}, behaviour.finish ?? "stop"));
  if (body?.stream_options?.include_usage) {
    const completion = pieces.join("").split(/\s+/).filter(Boolean).length;
    send({
      id: "chatcmpl-loopback",
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [],
      usage: { prompt_tokens: 321, completion_tokens: completion, total_tokens: 321 + completion },
    });
  }
  send("[DONE]");
  res.end();
}
