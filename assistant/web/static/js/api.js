// The JSON API, with the page's CSRF token; errors become Error(message).
import { tr } from "./i18n.js";
const meta = document.querySelector('meta[name="csrf-token"]');
let token = meta ? meta.content : "";

async function refreshToken() {
  const r = await fetch("/api/csrf", { credentials: "same-origin" });
  if (r.ok) token = (await r.json()).csrf_token;
}

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

async function parse(response) {
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    // waitress refuses an oversized upload itself, before the app sees it: plain text
    const reason = (body && body.error)
      || (response.status === 413 ? tr("net_too_big")
        : tr("net_status", { status: response.status }));
    throw new ApiError(reason, response.status, body);
  }
  return body;
}

async function send(method, url, body, retried = false) {
  const headers = { "X-CSRFToken": token };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: "same-origin" });
  } catch (e) {
    throw new ApiError(tr("net_unreachable"), 0, null);
  }
  // A stale security token (the server restarted with a new session): fetch a fresh one once.
  if (response.status === 400 && !retried) {
    const clone = response.clone();
    let body2 = null;
    try { body2 = await clone.json(); } catch (e) { /* not JSON */ }
    if (body2 && /security token/.test(body2.error || "")) {
      await refreshToken();
      return send(method, url, body, true);
    }
  }
  return parse(response);
}

export const getJSON = async (url) => {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch (e) {
    throw new ApiError(tr("net_unreachable"), 0, null);
  }
  return parse(response);
};
export const postJSON = (url, body) => send("POST", url, body);
export const postForm = (url, form) => send("POST", url, form);
export const del = (url) => send("DELETE", url);
export const patchJSON = (url, body) => send("PATCH", url, body);
