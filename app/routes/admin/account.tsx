import { accountAction, loadAccountPage } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import type { Route } from "./+types/account";

/** /admin/account: the signed-in person's password, two-step sign-in and sessions. */
export function meta() {
  return [{ title: "Your account | Staff area" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return loadAccountPage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
}

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage view={loaderData} answer={actionData} />;
}
