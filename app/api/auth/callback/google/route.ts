import type { NextRequest } from "next/server";
import { finishGoogleSignIn } from "@/lib/auth/google";
import { otherMethods, route } from "@/lib/http/respond";

export const GET = route<unknown>(async (req) => finishGoogleSignIn(req as NextRequest));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
