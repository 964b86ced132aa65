import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIE } from "@/lib/auth/cookie-name";

// docs/product.md §2 route table: "/" goes to /dashboard when signed in, otherwise /login.
export default async function Home() {
  const jar = await cookies();
  redirect(jar.get(SESSION_COOKIE)?.value ? "/dashboard" : "/login");
}
