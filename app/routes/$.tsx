import { redirect } from "@remix-run/node";

// Any unknown path lands on /404 (spec section 2).
export function loader() {
  return redirect("/404");
}

export function action() {
  return redirect("/404", 303);
}
