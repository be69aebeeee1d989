import type { ServerResponse } from "node:http";

export interface BusyListener {
  /** The server began answering a request while it answered none. */
  busy(): void;
  /** It answered the last one it had. */
  idle(): void;
}

/**
 * The requests this server is answering at this moment (server/front.ts
 * counts each one in, and out when its response closes, finished or not).
 * One listener hears when it goes from none to some and back: the site
 * audit's child process, which stops while visitors are being answered
 * (server/audit-child-yield.ts).
 */
export class RequestsInFlight {
  private count = 0;
  private listener: BusyListener | null = null;

  track(res: ServerResponse): void {
    if (this.count++ === 0) this.listener?.busy();
    res.once("close", () => {
      if (--this.count === 0) this.listener?.idle();
    });
  }

  get busy(): boolean {
    return this.count > 0;
  }

  /** Hears the edges until the returned function is called. */
  listen(listener: BusyListener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}
