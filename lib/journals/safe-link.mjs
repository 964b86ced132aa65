// @ts-check
// Which link targets a page may hold (docs/decisions/128-formatting-a-page.md), in plain JavaScript
// so that the TypeScript around it (./formatting.ts, bundled by Next) and the PDF worker thread
// (./pdf/formatted.mjs, loaded by path at run time) share one rule.

/**
 * Link targets a page may hold: the web and mail. Anything else (javascript:, data:, a file) is no link.
 * @param {string} url
 * @returns {string} the target, or "" for none
 */
export function safeLink(url) {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : "";
}
