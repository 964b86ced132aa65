"use client";

import type { ComponentProps } from "react";
import { onDemand } from "@/components/ui/on-demand";
import type { PageHistory } from "./page-history";

// A page's History (./page-history.tsx) is fetched when it is first opened: no first paint needs it.
const history = onDemand(() => import("./page-history"));

export function PageHistoryOnDemand(props: ComponentProps<typeof PageHistory>) {
  const loaded = history.useLoaded(props.open, props.open);
  return loaded ? <loaded.PageHistory {...props} /> : null;
}
