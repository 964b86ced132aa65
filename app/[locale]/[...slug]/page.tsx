import { redirect } from "next/navigation";

// docs/product.md §2 route table: any other path redirects to /dashboard (which sends visitors without a session to /login).
export default function UnknownPath() {
  redirect("/dashboard");
}
