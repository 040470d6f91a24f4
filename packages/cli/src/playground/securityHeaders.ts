import { randomBytes } from "node:crypto";

/**
 * The page's Content-Security-Policy: everything from this origin only, no
 * inline scripts and no eval. Styles are this origin's style sheet plus
 * CodeMirror's, which it adds as constructed style sheets, or as a <style>
 * element carrying the nonce where a browser lacks those. `data:` images are
 * the lint squiggles CodeMirror draws as inline SVG backgrounds.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce for each page load. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Headers every answer carries. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** The Host header values this server answers: its own address, so a DNS-rebound name cannot read it. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}
