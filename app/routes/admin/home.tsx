import { staffContext } from "~/context";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Staff area" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { name: context.get(staffContext).user.name };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-3xl font-bold text-primary-dark">Welcome, {loaderData.name}</h1>;
}
