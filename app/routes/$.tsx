import { redirect } from "@remix-run/node";

// Any unknown path lands on /404 (docs/product.md#routes).
export function loader() {
  return redirect("/404");
}

export function action() {
  return redirect("/404", 303);
}
