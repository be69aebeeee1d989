/**
 * Posts the editor's fields to one of its resource routes and reads the JSON answer. Plain fetch,
 * not a React Router fetcher: the public pages share React Router's chunk, and a fetcher would grow
 * it for every visitor (tests/e2e/public-bundle.test.ts).
 */
export async function postForm<T>(path: string, fields: Record<string, string>, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    signal,
    headers: { accept: "application/json" },
  });
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) throw new Error(`${res.status}`);
  return (await res.json()) as T;
}
