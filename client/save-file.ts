// Saving a file the page holds, as a person would from a link (browser code only).

/** Long enough for the browser to have read a saved file; its object URL is then let go. */
export const REVOKE_AFTER_MS = 60_000;

/** Saves `url` as `fileName` through a link the browser is told to download. */
export function saveUrl(url: string, fileName: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves `blob` as `fileName`; its object URL is let go once the browser has had time to read it. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
