/**
 * Text made safe inside HTML, in an element or a quoted attribute: the server's pages and mails and
 * the service worker's pages write what they fill in through this one function.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
