"use client";

import { useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing } from "lucide-react";
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

const KINDS = [
  { key: "friendRequest", label: "Friend requests", hint: "Someone asks to join your close circle" },
  { key: "friendAccepted", label: "Accepted requests", hint: "Someone says yes to yours" },
  { key: "heart", label: "Hearts", hint: "At most one an hour for each entry" },
  { key: "reply", label: "Private replies", hint: "A reply to your entry, or to yours" },
] as const;

export function NotificationSettingsCard() {
  return (
    <section
      id={NOTIFICATIONS_SECTION_ID}
      aria-labelledby="notifications-heading"
      className="scroll-mt-20 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="notifications-heading" className="font-serif text-xl font-semibold text-leather">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        They say who did what and never show a word of an entry. Anonymous writers stay unnamed.
      </p>
      <ThisDevice />
      <WithSettings>{(settings) => <NotificationForm saved={settings.notifications} />}</WithSettings>
    </section>
  );
}

const STATE_TEXT: Record<PushState, string> = {
  unsupported: "This browser cannot show notifications from Inkwell.",
  denied: `${PUSH_DENIED}.`,
  off: "Notifications are off on this device.",
  on: "Notifications are on for this device.",
};

function ThisDevice() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => pushState().then(setState, () => setState("unsupported")), []);
  useEffect(() => void refresh(), [refresh]);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? turnOnPush() : turnOffPush());
      notify.success(on ? "Notifications are on for this device" : "Notifications are off for this device");
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
        {state ? STATE_TEXT[state] : "Checking this device…"}
      </p>
      {state === "off" ? (
        <BusyButton
          type="button"
          busy={busy}
          busyLabel="Turning on…"
          onClick={() => void change(true)}
          className="self-start"
        >
          <BellRing aria-hidden className="size-4" />
          Turn on notifications on this device
        </BusyButton>
      ) : state === "on" ? (
        <BusyButton
          type="button"
          variant="secondary"
          busy={busy}
          busyLabel="Turning off…"
          onClick={() => void change(false)}
          className="self-start"
        >
          <BellOff aria-hidden className="size-4" />
          Turn off on this device
        </BusyButton>
      ) : null}
    </div>
  );
}

function NotificationForm({ saved }: { saved: NotificationSettings }) {
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
      notify.success("Notification settings saved");
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
        <legend className="mb-1 text-sm font-semibold text-ink">Pushed to your devices</legend>
        {KINDS.map(({ key, label, hint }) => (
          <SwitchField
            key={key}
            name={`notifications.${key}.push`}
            label={label}
            hint={hint}
            defaultChecked={saved[key].push}
          />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold text-ink">Daily reminder</legend>
        <SwitchField name="notifications.reminder.email" label="By mail" defaultChecked={saved.reminder.email} />
        <SwitchField name="notifications.reminder.push" label="On your devices" defaultChecked={saved.reminder.push} />
      </fieldset>
      <FieldErrors fieldId="field-notifications" errors={refused} />
      <BusyButton type="submit" busy={busy} busyLabel="Saving…" className="self-start">
        Save notifications
      </BusyButton>
    </form>
  );
}
