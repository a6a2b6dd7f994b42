/**
 * The "signed in" hint: a cookie the app sets while it holds a session token and clears when the
 * session ends. It is not the token and proves nothing: the server reads it only to choose which
 * screen's code a page preloads, since a visitor is shown the login form wherever they arrive.
 */
export const SIGNED_IN_COOKIE = 'si';

/** 400 days, the longest a browser keeps a cookie; the app renews it on every start. */
export const SIGNED_IN_SECONDS = 34560000;
