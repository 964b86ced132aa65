"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { TOKEN_KEY, getToken } from "@/client/token";

/**
 * docs/product.md §2: protected screens show only while a token is stored locally. The server has already
 * checked the session cookie; this covers a token removed in the browser (here or in another tab).
 */
export function TokenGuard() {
  const router = useRouter();
  useEffect(() => {
    if (!getToken()) router.replace("/login");
    function onStorage(e: StorageEvent) {
      if ((e.key === TOKEN_KEY || e.key === null) && !getToken()) router.replace("/login");
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [router]);
  return null;
}
