import { data } from "react-router";

/** A staff-area address with no page: reached only after the middleware let the person in. */
export function loader() {
  throw data({ error: "There is no staff page at this address." }, { status: 404 });
}

export default function StaffNotFound() {
  return null;
}
