"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserCheck, UserPlus, UserX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import {
  cancelRequest,
  friendKeys,
  friendStatusQuery,
  pendingRequestsQuery,
  sendRequest,
  type FriendStatus,
} from "@/client/friends";
import { TOAST_DURATION, notify } from "@/client/toasts";
import { AnswerButtons } from "./answer-buttons";
import { FRIEND_REQUEST_CANCELLED_MESSAGE } from "@/lib/contract/messages";
import { withElement } from "@/components/auth/with-element";

const FOR_FRIEND_REQUEST = { duration: TOAST_DURATION.friendRequest };

/** docs/product.md §4 "Friend-request button": what I can do about this person, by the status between us. */
export function FriendRequestButton({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const t = useTranslations("community.friendRequest");
  const status = useQuery(friendStatusQuery(userId));
  const hintId = useId();

  const settle = (next: FriendStatus) => {
    queryClient.setQueryData(friendKeys.status(userId), next);
    // The server has the last word (a crossing request turns a send into a friendship, decision 021).
    void queryClient.invalidateQueries({ queryKey: friendKeys.status(userId) });
  };
  const onError = (error: Error) => notify.error(error.message, FOR_FRIEND_REQUEST);

  const send = useMutation({
    mutationFn: () => sendRequest(userId),
    onSuccess: () => {
      notify.success(t("sent"), FOR_FRIEND_REQUEST);
      settle("pending");
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelRequest(userId),
    onSuccess: () => {
      notify.success(FRIEND_REQUEST_CANCELLED_MESSAGE, FOR_FRIEND_REQUEST);
      settle("none");
    },
    onError,
  });

  if (status.isPending) {
    return (
      <BusyButton type="button" busy busyLabel={t("checking")}>
        {t("checking")}
      </BusyButton>
    );
  }
  if (status.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t("checkFailed")}
      </p>
    );

  switch (status.data) {
    case "accepted":
      return (
        <button type="button" disabled className={buttonClass("secondary")}>
          <UserCheck aria-hidden className="size-4" />
          {t("friends")}
        </button>
      );
    case "pending":
      return (
        <div className="flex flex-col items-center gap-1 sm:items-end">
          <BusyButton
            type="button"
            variant="secondary"
            busy={cancel.isPending}
            busyLabel={t("cancelling")}
            aria-describedby={hintId}
            onClick={() => cancel.mutate()}
          >
            <UserX aria-hidden className="size-4" />
            {t("pending")}
          </BusyButton>
          <p id={hintId} className="text-xs text-ink-soft">
            {t("cancelHint")}
          </p>
        </div>
      );
    case "received":
      return <ReceivedRequest userId={userId} />;
    default:
      return (
        <BusyButton type="button" busy={send.isPending} busyLabel={t("sending")} onClick={() => send.mutate()}>
          <UserPlus aria-hidden className="size-4" />
          {t("send")}
        </BusyButton>
      );
  }
}

/** They asked me first: answer here, with the request the notifications list already holds. */
function ReceivedRequest({ userId }: { userId: string }) {
  const t = useTranslations("community.friendRequest");
  const pending = useQuery(pendingRequestsQuery());
  const request = pending.data?.find((r) => r.from.id === userId);
  if (!request) return <p className="text-sm text-ink-soft">{t("answerInNotifications")}</p>;
  return (
    <div className="flex flex-col items-center gap-2 sm:items-end">
      <p className="text-sm text-ink-soft">
        {withElement((name) => t("sentYou", { name }), <bdi>{request.from.name}</bdi>)}
      </p>
      <AnswerButtons request={request} />
    </div>
  );
}
