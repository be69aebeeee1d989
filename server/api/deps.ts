import type { ServerServices } from "~/context";
import type { Database } from "~/db/client.server";
import type { Logger } from "../logger";

/** What the JSON write endpoints are built from. */
export interface ApiDeps {
  database: Database;
  services: ServerServices;
  logger: Logger;
}
