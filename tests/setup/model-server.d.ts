/** How the loopback model answers its next requests (tests/setup/model-server.js). */
export type ModelBehaviour =
  | {
      mode: "answer";
      pieces?: string[];
      /** Wait before each piece. */
      delayMs?: number;
      finish?: "stop" | "length";
      /** Called as each piece is written, with performance.now() (the benchmark's clock). */
      onPiece?: (index: number, at: number) => void;
    }
  | { mode: "fail"; status?: number }
  | { mode: "rate-limit"; retryAfter?: number }
  | { mode: "slow-start"; delayMs?: number; pieces?: string[] }
  | { mode: "stall" | "cut-off" | "malformed"; after?: number; pieces?: string[]; delayMs?: number };

export interface ReceivedModelRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    messages?: { role: string; content: string }[];
  } | null;
}

export interface ModelServer {
  /** The base URL to give as BLOG_AI_BASE_URL (ends in /v1). */
  url: string;
  requests: ReceivedModelRequest[];
  behave(next: ModelBehaviour): void;
  sentText(): string;
  stop(): Promise<void>;
}

export function startModelServer(behaviour?: ModelBehaviour): Promise<ModelServer>;
