import { z } from "zod";
import { hrefWith, readParams } from "~/lib/url-filters";

/** The 404 monitor's view as it lives in the address: sort, a search in the path, ignored rows, a page boundary. */
export type NotFoundSort = "hits" | "last-seen";

export interface NotFoundView {
  sort: NotFoundSort;
  /** Part of a path (paths only: the monitor never keeps a query string). */
  search: string;
  /** The rows hidden by "Ignore", to count them again. */
  ignored: boolean;
  /** A page boundary (keyset cursor, opaque). */
  after?: string;
  before?: string;
}

export const NOT_FOUND_SEARCH_MAX = 200;

const schemas = {
  sort: z.enum(["hits", "last-seen"]),
  q: z.string().max(NOT_FOUND_SEARCH_MAX),
  show: z.literal("ignored"),
  after: z.string().max(1000),
  before: z.string().max(1000),
};

/** The view an address asks for; what does not parse is left out (and named). */
export function readNotFoundView(params: URLSearchParams): { view: NotFoundView; ignored: string[] } {
  const { values, ignored } = readParams(params, schemas);
  return {
    view: {
      sort: values.sort ?? "hits",
      search: values.q?.trim() ?? "",
      ignored: values.show === "ignored",
      after: values.after,
      before: values.after ? undefined : values.before,
    },
    ignored,
  };
}

/** The address of a view (defaults left out, so one view has one address). */
export function notFoundHref(
  path: string,
  view: Pick<NotFoundView, "sort" | "search" | "ignored"> & { after?: string; before?: string },
): string {
  return hrefWith(path, {
    sort: view.sort === "hits" ? undefined : view.sort,
    q: view.search,
    show: view.ignored ? "ignored" : undefined,
    after: view.after,
    before: view.before,
  });
}
