import type { NextRequest } from "next/server";
import { startGoogleSignIn } from "@/lib/auth/google";
import { route } from "@/lib/http/respond";

export const GET = route<unknown>(async (req) => startGoogleSignIn(req as NextRequest));
