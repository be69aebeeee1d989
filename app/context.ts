import { createContext } from "react-router";
import type { Database } from "~/db/client.server";
import type { PublicConfig } from "~/features/site/public-config";

/** The database reaches loaders through the router context, never a module global. */
export const databaseContext = createContext<Database>();

/** Settings the pages need (canonical base URL and the like), resolved at start. */
export const configContext = createContext<PublicConfig>();
