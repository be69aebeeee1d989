import { logout } from "~/features/auth/staff-auth-api.server";
import { methodNotAllowed } from "~/lib/json-write.server";
import type { Route } from "./+types/logout";

export const action = (args: Route.ActionArgs) => logout(args);
export const loader = () => methodNotAllowed("POST");
