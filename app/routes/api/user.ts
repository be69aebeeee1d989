import { currentUser } from "~/features/auth/staff-auth-api.server";
import { methodNotAllowed } from "~/lib/json-write.server";
import type { Route } from "./+types/user";

export const loader = (args: Route.LoaderArgs) => currentUser(args);
export const action = () => methodNotAllowed("GET");
