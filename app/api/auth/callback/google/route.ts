import type { NextRequest } from "next/server";
import { finishGoogleSignIn } from "@/lib/auth/google";
import { route } from "@/lib/http/respond";

export const GET = route<unknown>(async (req) => finishGoogleSignIn(req as NextRequest));
