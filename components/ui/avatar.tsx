import Image from "next/image";
import { avatarSrc } from "@/client/avatar-src";

const SIZES = {
  xs: { cls: "size-8 text-sm", px: 32 },
  sm: { cls: "size-10 text-base", px: 40 },
  lg: { cls: "size-24 text-4xl", px: 96 },
} as const;

export interface AvatarProps {
  name: string;
  image: string | null;
  size?: keyof typeof SIZES;
}

/**
 * A person's picture, or the first letter of their name drawn on the theme's colours. Decorative:
 * the name is always beside it. One look for every list of people (search, requests, profiles).
 * Which pictures are drawn: client/avatar-src.ts.
 */
export function Avatar({ name, image, size = "sm" }: AvatarProps) {
  const { cls, px } = SIZES[size];
  const src = avatarSrc(image);
  if (src) {
    return (
      <Image
        src={src}
        alt=""
        width={px}
        height={px}
        unoptimized
        className={`${cls} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`${cls} inline-flex shrink-0 items-center justify-center rounded-full bg-leather font-serif font-semibold text-on-accent`}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
