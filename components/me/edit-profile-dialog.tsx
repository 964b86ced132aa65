"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { useTranslations } from "next-intl";
import Image from "next/image";
import { useEffect, useId, useState } from "react";
import { limitInsertion } from "@/components/ui/text-limits";
import { Avatar } from "@/components/ui/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { useForm } from "@/components/ui/use-form";
import { friendKeys } from "@/client/friends";
import { sessionKeys } from "@/client/session";
import {
  BIO_MAX,
  LOCATION_MAX,
  type MyProfile,
  type ProfileFields,
  meKeys,
  updateMyProfile,
  uploadProfileImage,
} from "@/client/me";
import { PHOTO_ACCEPT, checkPhoto, type CheckedPhoto } from "@/client/photo-check";
import type { CropArea } from "@/client/photo-crop";
import { onDemand } from "@/components/ui/on-demand";
import { notify } from "@/client/toasts";
import { NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "@/lib/validation/auth-limits";
import { checkBio, checkLocation, checkName, checkUsername } from "@/lib/validation/form-checks";
import { countCharacters } from "@/lib/validation/graphemes";

type Props = { profile: MyProfile; open: boolean; onClose: () => void };

// The crop (react-easy-crop) is fetched once a photo this browser can show is chosen (docs/decisions/130).
const cropper = onDemand(() => import("./photo-cropper"));

/** The photo to send: the chosen square, drawn in the browser; the file as chosen when nothing was chosen or it could not be drawn. */
async function croppedFile(photo: CheckedPhoto, area: CropArea | null): Promise<File> {
  if (!area) return photo.file;
  const { cropPhoto } = await import("@/client/photo-crop");
  return (await cropPhoto(photo.file, area)) ?? photo.file;
}

/** The Edit Profile modal (docs/product.md §2). Opened afresh each time, so it starts from the saved profile. */
export function EditProfileDialog({ profile, open, onClose }: Props) {
  const t = useTranslations("me.editProfile");
  return (
    <ModalDialog open={open} onClose={onClose} title={t("title")}>
      {open ? <EditProfileForm profile={profile} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function EditProfileForm({ profile, onDone }: { profile: MyProfile; onDone: () => void }) {
  const t = useTranslations("me.editProfile");
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username);
  const [bio, setBio] = useState(profile.bio ?? "");
  const [location, setLocation] = useState(profile.location ?? "");
  const [photo, setPhoto] = useState<CheckedPhoto | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const ids = { bio: useId(), photo: useId(), photoHint: useId() };
  // Only a photo the browser can read (not HEIC outside Safari) can be cropped here; the server keeps a centred square of any other.
  const crop = cropper.useLoaded(undefined, !!photo?.size);

  // The preview's blob: address lives as long as the preview.
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.url)), [photo]);

  const { formProps, errors, clearErrors, busy } = useForm({
    values: (): ProfileFields => ({ name: name.trim(), username: username.trim(), bio, location: location.trim() }),
    check: (v) => [
      ...checkName(v.name),
      ...checkUsername(v.username),
      ...checkBio(v.bio),
      ...checkLocation(v.location),
    ],
    // A 409 names the username someone else has in its `errors`, shown beside that field.
    send: async (fields) =>
      updateMyProfile(
        photo ? { ...fields, profileImage: await uploadProfileImage(await croppedFile(photo, area)) } : fields,
      ),
    onSuccess: (updated) => {
      // The answer is the whole profile (docs/api.md): it replaces what the screen shows.
      queryClient.setQueryData(meKeys.profile, updated);
      // The name in the frame and the greeting come from the session's answer (docs/decisions/084).
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      void queryClient.invalidateQueries({ queryKey: friendKeys.profile(updated.id) });
      notify.success(t("saved"));
      onDone();
    },
    onError: (error) => notify.error(error.message),
  });

  async function pick(file: File | undefined) {
    if (!file) return;
    const result = await checkPhoto(file);
    clearErrors("profileImage");
    if (result.ok) {
      setPhoto(result.photo);
      setArea(null);
      setPhotoProblem(null);
    } else setPhotoProblem(result.message);
  }

  const bioCount = countCharacters(bio);
  // The photo's problem, found here or by the server, shows where its hint was.
  const photoError = photoProblem ?? errors.profileImage?.join(" ") ?? null;
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <div className={photo && crop ? "flex flex-col gap-3" : "flex items-center gap-4"}>
        {photo && crop ? (
          <crop.PhotoCropper key={photo.url} url={photo.url} onArea={setArea} />
        ) : photo ? (
          <Image
            src={photo.url}
            alt={t("preview")}
            width={96}
            height={96}
            unoptimized
            className="size-24 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Avatar name={name || profile.name} image={profile.profileImage} size="lg" />
        )}
        <div className="flex flex-col gap-1">
          <input
            id={ids.photo}
            type="file"
            accept={PHOTO_ACCEPT}
            aria-describedby={ids.photoHint}
            className="peer sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              void pick(file);
            }}
          />
          <label
            htmlFor={ids.photo}
            className={buttonClass(
              "secondary",
              "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
            )}
          >
            <ImagePlus aria-hidden className="size-4" />
            {photo || profile.profileImage ? t("changePhoto") : t("addPhoto")}
          </label>
          <p
            id={ids.photoHint}
            className={photoError ? "text-xs font-semibold text-danger" : "text-xs text-ink-soft"}
            role={photoError ? "alert" : undefined}
          >
            {photoError ?? (photo && crop ? t("circleHint") : t("squareHint"))}
          </p>
        </div>
      </div>
      <TextField
        label={t("name")}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={NAME_MAX}
        autoComplete="name"
        data-autofocus
        errors={errors.name}
      />
      <TextField
        label={t("username")}
        name="username"
        value={username}
        onChange={(e) => setUsername(e.target.value.toLowerCase())}
        required
        minLength={USERNAME_MIN}
        maxLength={USERNAME_MAX}
        pattern="[a-z0-9_.]+"
        autoComplete="username"
        errors={errors.username}
      />
      <TextAreaField
        id={ids.bio}
        label={t("bio")}
        name="bio"
        value={bio}
        onChange={(e) => {
          // Cut what was typed or pasted past the limit, counted as the server counts (graphemes).
          const el = e.currentTarget;
          const limited = limitInsertion(el.value, el.selectionEnd, BIO_MAX);
          if (limited.text !== el.value) {
            el.value = limited.text;
            el.setSelectionRange(limited.caret, limited.caret);
          }
          setBio(limited.text);
        }}
        rows={4}
        placeholder={t("bioPlaceholder")}
        errors={errors.bio}
        counter={{ text: t("counter", { count: bioCount, max: BIO_MAX }), warn: BIO_MAX - bioCount <= 50 }}
      />
      <TextField
        label={t("location")}
        name="location"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        maxLength={LOCATION_MAX}
        autoComplete="address-level2"
        errors={errors.location}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass("secondary")} disabled={busy}>
          {t("cancel")}
        </button>
        <BusyButton type="submit" busy={busy} busyLabel={t("saving")}>
          {t("save")}
        </BusyButton>
      </div>
    </form>
  );
}
