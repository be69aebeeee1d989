/**
 * Reads the generator's server-sent events from a fetch body (EventSource
 * cannot POST a form or be aborted with the request): each event's name and
 * its JSON data, as they arrive.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: unknown) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length) onEvent(name, JSON.parse(data.join("\n")));
    }
  }
}

/** How a generation ended, as the stream's last event says. */
export interface GenerationEnd {
  outcome: string;
  message: string | null;
  retryAfter: number | null;
  words: number;
  promptTokens: number | null;
  completionTokens: number | null;
  durationMs: number;
}
