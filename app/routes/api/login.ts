import { login } from "~/features/auth/staff-auth-api.server";
import { methodNotAllowed } from "~/lib/json-write.server";
import type { Route } from "./+types/login";

export const action = (args: Route.ActionArgs) => login(args);
export const loader = () => methodNotAllowed("POST");
