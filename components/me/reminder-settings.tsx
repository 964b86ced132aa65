"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { FieldErrors, invalidProps } from "@/components/ui/field-errors";
import { SwitchField } from "@/components/ui/switch-field";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { WithSettings } from "./with-settings";
import { saveSettings, settingsKey, type ReminderSettings } from "@/client/reminders";
import { notify } from "@/client/toasts";
import { checkReminder, WEEKDAYS } from "@/lib/validation/reminder-limits";

// The daily reminder on /me (docs/product.md "Reminders", docs/decisions/061): on or off, a time,
// a zone and weekdays, saved together through one useForm (docs/decisions/048). The diary's
// offer (components/diary/reminder-offer.tsx) links here, to #reminder.

export const REMINDER_SECTION_ID = "reminder";
const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function ReminderSettingsCard() {
  const t = useTranslations("me.reminder");
  return (
    <section
      id={REMINDER_SECTION_ID}
      aria-labelledby="reminder-heading"
      className="scroll-mt-20 rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="reminder-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("intro")}</p>
      <WithSettings>{(settings) => <ReminderForm saved={settings.reminder} />}</WithSettings>
    </section>
  );
}

function ReminderForm({ saved }: { saved: ReminderSettings }) {
  const t = useTranslations("me.reminder");
  const queryClient = useQueryClient();
  // Never turned on: the zone this browser is in, rather than the stored default.
  const [timeZone, setTimeZone] = useState(() =>
    !saved.enabled && saved.timeZone === "UTC" ? browserZone() : saved.timeZone,
  );
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf("timeZone");
    return known.includes(timeZone) ? known : [timeZone, ...known];
  }, [timeZone]);

  const { formProps, errors, busy } = useForm({
    values: (form): ReminderSettings => {
      const data = new FormData(form);
      return {
        enabled: data.get("reminder.enabled") === "on",
        time: String(data.get("reminder.time") ?? ""),
        timeZone: String(data.get("reminder.timeZone") ?? ""),
        weekdays: data.getAll("reminder.weekdays").map(Number),
      };
    },
    check: checkReminder,
    send: (reminder) => saveSettings({ reminder }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer);
      notify.success(answer.reminder.enabled ? t("saved") : t("off"));
    },
    onError: (error) => notify.error(error.message),
  });
  // A refused weekday is reported by its index (reminder.weekdays.2): shown with the days.
  const dayErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith("reminder.weekdays"))
    .flatMap(([, messages]) => messages);
  const uniqueDayErrors = [...new Set(dayErrors)];

  return (
    <form {...formProps} className="mt-4 flex flex-col gap-4">
      <SwitchField name="reminder.enabled" label={t("enabled")} defaultChecked={saved.enabled} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("time")}
          name="reminder.time"
          type="time"
          defaultValue={saved.time}
          required
          errors={errors["reminder.time"]}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="field-reminder-timeZone" className="text-sm font-semibold text-ink">
            {t("timeZone")}
          </label>
          <select
            id="field-reminder-timeZone"
            name="reminder.timeZone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            {...invalidProps("field-reminder-timeZone", errors["reminder.timeZone"])}
            className={`h-11 w-full min-w-0 rounded-md border bg-surface px-2 text-base text-ink focus:border-accent ${errors["reminder.timeZone"]?.length ? "border-danger" : "border-ink-soft"}`}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, " ")}
              </option>
            ))}
          </select>
          <FieldErrors fieldId="field-reminder-timeZone" errors={errors["reminder.timeZone"]} />
        </div>
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-semibold text-ink">{t("days")}</legend>
        <div className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              className="relative flex h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border border-ink-soft px-2 text-sm font-semibold text-ink has-checked:border-accent has-checked:bg-accent has-checked:text-on-accent has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
            >
              <input
                type="checkbox"
                name="reminder.weekdays"
                value={day}
                defaultChecked={saved.weekdays.includes(day)}
                aria-label={DAY_NAMES[day - 1]}
                {...invalidProps("field-reminder-weekdays", uniqueDayErrors)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <span aria-hidden>{DAY_NAMES[day - 1]!.slice(0, 3)}</span>
            </label>
          ))}
        </div>
        <FieldErrors fieldId="field-reminder-weekdays" errors={uniqueDayErrors} />
      </fieldset>
      <BusyButton type="submit" busy={busy} busyLabel={t("saving")} className="self-start">
        {t("save")}
      </BusyButton>
    </form>
  );
}
