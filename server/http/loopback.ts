/** A host browsers treat as a secure origin over plain HTTP (localhost, 127.0.0.0/8, ::1). */
export const isLoopback = (host: string): boolean =>
  /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i.test(host);
