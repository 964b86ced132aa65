import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { AuthHeading } from "@/components/auth/auth-heading";

export const metadata: Metadata = { title: "Login" };

export default function LoginPage() {
  return (
    <>
      <AuthHeading title="Login" subtitle="Welcome back. Your diary is waiting." />
      <LoginForm />
    </>
  );
}
