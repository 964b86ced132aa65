"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { BusyButton } from "@/components/ui/busy-button";
import type { PendingRequest } from "@/client/friends";
import { useAnswerRequest } from "./use-answer-request";

export interface AnswerButtonsProps {
  request: PendingRequest;
  compact?: boolean;
  onAnswer?: () => void;
}

/** Accept and Reject for one incoming request; the names say whose request they answer. `onAnswer` runs as either is pressed (the buttons then leave). */
export function AnswerButtons({ request, compact = false, onAnswer }: AnswerButtonsProps) {
  const answer = useAnswerRequest();
  const t = useTranslations("community.answer");
  const busyWith = answer.isPending ? answer.variables.accept : null;
  const size = compact ? "px-3 py-1.5" : "";
  return (
    <div className="flex gap-2">
      <BusyButton
        type="button"
        busy={busyWith === true}
        busyLabel={t("accepting")}
        aria-label={t("acceptLabel", { name: request.from.name })}
        onClick={() => {
          answer.mutate({ request, accept: true });
          onAnswer?.();
        }}
        className={size}
      >
        <Check aria-hidden className="size-4" />
        {t("accept")}
      </BusyButton>
      <BusyButton
        type="button"
        variant="secondary"
        busy={busyWith === false}
        busyLabel={t("rejecting")}
        aria-label={t("rejectLabel", { name: request.from.name })}
        onClick={() => {
          answer.mutate({ request, accept: false });
          onAnswer?.();
        }}
        className={size}
      >
        <X aria-hidden className="size-4" />
        {t("reject")}
      </BusyButton>
    </div>
  );
}
