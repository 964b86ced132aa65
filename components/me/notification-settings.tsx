"use client";

import { useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { errorsIdOf, FieldErrors } from "@/components/ui/field-errors";
import { SwitchField } from "@/components/ui/switch-field";
import { useForm } from "@/components/ui/use-form";
import { WithSettings } from "./with-settings";
import { PUSH_DENIED, pushState, turnOffPush, turnOnPush, type PushState } from "@/client/push";
import { saveSettings, settingsKey, type NotificationSettings } from "@/client/reminders";
import { notify } from "@/client/toasts";

// Notifications on /me (docs/product.md "Notifications", docs/decisions/082): this device's pushes
// turned on or off, and which kinds go by which channel, saved together through one useForm
// (docs/decisions/048).

export const NOTIFICATIONS_SECTION_ID = "notifications";

/** The kinds pushed, each with a label and a hint under me.notifications.kinds. */
const KINDS = ["friendRequest", "friendAccepted", "heart", "reply"] as const;

export function NotificationSettingsCard() {
  const t = useTranslations("me.notifications");
  return (
    <section
      id={NOTIFICATIONS_SECTION_ID}
      aria-labelledby="notifications-heading"
      className="scroll-mt-20 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="notifications-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("intro")}</p>
      <ThisDevice />
      <WithSettings>{(settings) => <NotificationForm saved={settings.notifications} />}</WithSettings>
    </section>
  );
}

function ThisDevice() {
  const t = useTranslations("me.notifications");
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => pushState().then(setState, () => setState("unsupported")), []);
  useEffect(() => void refresh(), [refresh]);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? turnOnPush() : turnOffPush());
      notify.success(on ? t("turnedOn") : t("turnedOff"));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3 rounded-md border border-ink-soft/20 bg-paper p-3">
      <p role="status" className="text-sm text-ink">
        {state === null ? t("checking") : state === "denied" ? `${PUSH_DENIED}.` : t(`state.${state}`)}
      </p>
      {state === "off" ? (
        <BusyButton
          type="button"
          busy={busy}
          busyLabel={t("turningOn")}
          onClick={() => void change(true)}
          className="self-start"
        >
          <BellRing aria-hidden className="size-4" />
          {t("turnOn")}
        </BusyButton>
      ) : state === "on" ? (
        <BusyButton
          type="button"
          variant="secondary"
          busy={busy}
          busyLabel={t("turningOff")}
          onClick={() => void change(false)}
          className="self-start"
        >
          <BellOff aria-hidden className="size-4" />
          {t("turnOff")}
        </BusyButton>
      ) : null}
    </div>
  );
}

function NotificationForm({ saved }: { saved: NotificationSettings }) {
  const t = useTranslations("me.notifications");
  const queryClient = useQueryClient();
  const { formProps, errors, busy } = useForm({
    values: (form): NotificationSettings => {
      const data = new FormData(form);
      const on = (name: string) => data.get(name) === "on";
      return {
        friendRequest: { push: on("notifications.friendRequest.push") },
        friendAccepted: { push: on("notifications.friendAccepted.push") },
        heart: { push: on("notifications.heart.push") },
        reply: { push: on("notifications.reply.push") },
        reminder: { email: on("notifications.reminder.email"), push: on("notifications.reminder.push") },
      };
    },
    send: (notifications) => saveSettings({ notifications }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer);
      notify.success(t("saved"));
    },
    onError: (error) => notify.error(error.message),
  });
  const refused = [
    ...new Set(
      Object.entries(errors).flatMap(([path, messages]) => (path.startsWith("notifications") ? messages : [])),
    ),
  ];

  return (
    <form {...formProps} className="mt-4 flex flex-col gap-4">
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={refused.length ? errorsIdOf("field-notifications") : undefined}
      >
        <legend className="mb-1 text-sm font-semibold text-ink">{t("pushed")}</legend>
        {KINDS.map((key) => (
          <SwitchField
            key={key}
            name={`notifications.${key}.push`}
            label={t(`kinds.${key}.label`)}
            hint={t(`kinds.${key}.hint`)}
            defaultChecked={saved[key].push}
          />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold text-ink">{t("reminder")}</legend>
        <SwitchField name="notifications.reminder.email" label={t("byMail")} defaultChecked={saved.reminder.email} />
        <SwitchField name="notifications.reminder.push" label={t("onDevices")} defaultChecked={saved.reminder.push} />
      </fieldset>
      <FieldErrors fieldId="field-notifications" errors={refused} />
      <BusyButton type="submit" busy={busy} busyLabel={t("saving")} className="self-start">
        {t("save")}
      </BusyButton>
    </form>
  );
}
