import { ProfileSkeleton } from "@/components/me/my-profile";

// While the server reads: the profile's own placeholder, not the app's generic line.
export default function Loading() {
  return <ProfileSkeleton />;
}
