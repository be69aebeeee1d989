/** Longest string any analytics or lead body carries (issue 3). */
export const MAX_TEXT = 300;

export const clip = (value: string, max = MAX_TEXT) => value.slice(0, max);

/**
 * A JSON POST that outlives the page (keepalive: the phone app may take over,
 * or the visitor may leave). Resolves with the response, or null on failure.
 */
export function post(url: string, body: unknown): Promise<Response | null> {
  try {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "include",
      keepalive: true,
    }).catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}
