/** Every API route lives under this prefix (SPEC §7). */
export const API_PREFIX = '/prod-api';
