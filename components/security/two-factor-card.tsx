"use client";

import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { useForm } from "@/components/ui/use-form";
import { setUpTwoFactor, type TwoFactorSetup } from "@/client/security";
import { notify } from "@/client/toasts";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorEnableForm } from "./two-factor-enable-form";
import { TwoFactorDisableForm } from "./two-factor-disable-form";

type Stage =
  { at: "off" } | { at: "setting-up"; setup: TwoFactorSetup } | { at: "codes"; codes: string[] } | { at: "on" };

/**
 * "Two-factor sign-in" on the Security screen (docs/product.md "Security", docs/decisions/073):
 * Set up → the QR code and the secret, a first code → the ten recovery codes, shown once → On,
 * with Turn off (the password and a code).
 */
export function TwoFactorCard({ initiallyOn, hasPassword }: { initiallyOn: boolean; hasPassword: boolean }) {
  const [stage, setStage] = useState<Stage>(initiallyOn ? { at: "on" } : { at: "off" });
  const isOn = stage.at === "on" || stage.at === "codes";
  const setup = useForm({
    values: () => undefined,
    send: setUpTwoFactor,
    onSuccess: (made) => setStage({ at: "setting-up", setup: made }),
    onError: (error) => notify.error(error.message),
  });

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-factor-heading" className="font-serif text-xl font-semibold text-leather">
          Two-factor sign-in
        </h2>
        {/* On from the first right code: the recovery codes are shown once it is. */}
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${isOn ? "bg-accent text-on-accent" : "border border-ink-soft/40 text-ink-soft"}`}
        >
          {isOn ? "On" : "Off"}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {isOn
          ? "Signing in asks for a code from your authenticator app (or a recovery code) after your password or Google."
          : "Ask for a code from an authenticator app after your password or Google, so a stolen password alone does not open your diary."}
      </p>
      {stage.at === "off" ? (
        <form {...setup.formProps} className="mt-4">
          <BusyButton type="submit" busy={setup.busy} busyLabel="Setting up…">
            Set up
          </BusyButton>
        </form>
      ) : null}
      {stage.at === "setting-up" ? (
        <TwoFactorEnableForm
          setup={stage.setup}
          hasPassword={hasPassword}
          onEnabled={(codes) => setStage({ at: "codes", codes })}
          onCancel={() => setStage({ at: "off" })}
        />
      ) : null}
      {stage.at === "codes" ? <RecoveryCodes codes={stage.codes} onDone={() => setStage({ at: "on" })} /> : null}
      {stage.at === "on" ? (
        <TwoFactorDisableForm hasPassword={hasPassword} onDisabled={() => setStage({ at: "off" })} />
      ) : null}
    </section>
  );
}
